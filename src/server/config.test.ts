import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('works with nothing set, on the embedded database on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.url).toBeUndefined();
    expect(config.database.embeddedDir).toBe('./data/pglite');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.demoData).toBe('auto');
  });

  it('drains a stopping server for 5 s unless told otherwise (0: not at all)', () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(5000);
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '0' }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '30' }).shutdownDrainMs).toBe(30_000);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'maybe'],
    ['SMTP_URL', 'http://mail.example.org'],
    ['SESSION_SECRET', 'short'],
    ['DEMO_DATA', 'sometimes'],
    ['SHUTDOWN_DRAIN_SECONDS', '-1'],
  ])('refuses %s=%s and names the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}=`));
  });

  it('reads a production setup', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app@db.internal:5432/chapters',
      PUBLIC_URL: 'https://chapters.example.org/',
      SMTP_URL: 'smtps://user:pass@smtp.example.org:465',
      TRUST_PROXY: 'true',
    });
    expect(config.database.url).toBe('postgres://app@db.internal:5432/chapters');
    expect(config.publicUrl).toBe('https://chapters.example.org');
    expect(config.trustProxy).toBe(true);
  });
});
