import { describe, expect, it, vi } from 'vitest';
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

  it('gives an uploaded image 10 s to decode unless told otherwise', () => {
    expect(loadConfig({}).imageDecodeMs).toBe(10_000);
    expect(loadConfig({ IMAGE_DECODE_SECONDS: '30' }).imageDecodeMs).toBe(30_000);
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
    ['IMAGE_DECODE_SECONDS', '0'],
  ])('refuses %s=%s and names the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}=`));
  });

  it('reads a production setup', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app@db.internal:5432/chapters',
      PUBLIC_URL: 'https://chapters.example.org/',
      SMTP_URL: 'smtps://user:pass@smtp.example.org:465',
      TRUST_PROXY: '1',
    });
    expect(config.database.url).toBe('postgres://app@db.internal:5432/chapters');
    expect(config.publicUrl).toBe('https://chapters.example.org');
    expect(config.trustProxy).toEqual({ kind: 'hops', hops: 1 });
  });

  it('reads TRUST_PROXY as nobody, a hop count, a list of proxies or anyone', () => {
    const trust = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value });
    for (const value of [undefined, 'false', '0', 'no']) {
      expect(trust(value).trustProxy).toEqual({ kind: 'none' });
    }
    // 1 was "true" until issue 22: it is now one proxy hop, what nginx in front needs.
    expect(trust('1').trustProxy).toEqual({ kind: 'hops', hops: 1 });
    expect(trust('2').trustProxy).toEqual({ kind: 'hops', hops: 2 });
    const list = trust(' 10.0.0.0/8 ,fd00::/8, 192.0.2.7,loopback').trustProxy;
    expect(list.kind === 'list' && list.list.entries).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      '192.0.2.7',
      'loopback',
    ]);
  });

  it('warns that TRUST_PROXY=true believes anyone', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ kind: 'all' });
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/TRUST_PROXY=true believes any/));
      warn.mockClear();
      loadConfig({ TRUST_PROXY: '1' });
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it.each(['11', '-1', '1.5', '10.0.0.0/33', '10.0.0.0/8/8', 'fd00::/129', 'proxy.internal', ','])(
    'refuses TRUST_PROXY=%s, naming it',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY=/);
    },
  );

  it('lets loopback read /metrics by default, and METRICS_ALLOW name others', () => {
    const { metricsAllow } = loadConfig({});
    expect(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'].map(metricsAllow.has)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['10.0.0.1', '::2', '', undefined].map(metricsAllow.has)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    const other = loadConfig({ METRICS_ALLOW: '10.1.0.0/16, 2001:db8::/32' }).metricsAllow;
    expect(['10.1.200.3', '2001:db8:1::5', '127.0.0.1'].map(other.has)).toEqual([
      true,
      true,
      false,
    ]);
    expect(() => loadConfig({ METRICS_ALLOW: 'everyone' })).toThrow(/METRICS_ALLOW=/);
  });
});
