// The log at each level: requests are one line each at debug, and none at the default level,
// where warnings and errors are still written.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggingOptions } from './logging';
import { registerErrorHandlers } from './plugins/errors';
import type { Config } from './config';

async function appLoggingAt(logLevel: Config['logLevel']) {
  const lines: Record<string, unknown>[] = [];
  const to = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  const app = Fastify(await loggingOptions({ env: 'development', logLevel }, to));
  registerErrorHandlers(app);
  app.get('/hello', async () => 'hi');
  app.get('/broken', async () => {
    throw new Error('broken on purpose');
  });
  return { app, lines };
}

describe('the log', () => {
  it('writes no line for a request at the default level, and still the warnings and errors', async () => {
    const { app, lines } = await appLoggingAt('info');
    for (let i = 0; i < 20; i++) expect((await app.inject('/hello')).statusCode).toBe(200);
    expect(lines).toEqual([]);

    app.log.warn('something to read');
    expect((await app.inject('/broken')).statusCode).toBe(500);
    expect(lines.map((l) => l.msg)).toEqual(['something to read', 'unexpected error']);
    expect(lines[1]).toMatchObject({ level: 50, err: { message: 'broken on purpose' } });
    await app.close();
  });

  it('writes one line per request at debug: method, address, status and time', async () => {
    const { app, lines } = await appLoggingAt('debug');
    await app.inject('/hello?x=1');
    await app.inject({ method: 'POST', url: '/nowhere' });
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toEqual([
      expect.objectContaining({ level: 20, method: 'GET', url: '/hello?x=1', statusCode: 200 }),
      expect.objectContaining({ level: 20, method: 'POST', url: '/nowhere', statusCode: 404 }),
    ]);
    expect(requests[0]?.ms).toEqual(expect.any(Number));
    // Nothing else: not Fastify's "incoming request", "request completed", "Route not found".
    expect(lines).toHaveLength(2);
    await app.close();
  });

  it('writes nothing at all when silent', async () => {
    expect(await loggingOptions({ env: 'development', logLevel: 'silent' })).toEqual({
      logger: false,
    });
  });
});
