// The request id (requestId.ts): a valid X-Request-Id is the request's id and is echoed, from
// Fastify and from the front door alike; anything else is replaced by a new UUID.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './test/app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('X-Request-Id', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_CACHE_SECONDS: '60' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const idFor = async (sent?: string) => {
    const res = await t.app.inject({
      url: '/api/health',
      headers: sent === undefined ? {} : { 'x-request-id': sent },
    });
    return res.headers['x-request-id'];
  };

  it.each([
    'f3b0c1de-0000-4000-8000-123456789abc',
    'nginx.9f8e7d6c5b4a',
    'trace:span-1_2',
    'x'.repeat(128),
  ])('takes %s as the id and echoes it', async (sent) => {
    expect(await idFor(sent)).toBe(sent);
  });

  it.each(['', 'two words', 'x'.repeat(129), '<script>', 'é'])(
    'replaces %j with a new UUID',
    async (sent) => {
      expect(await idFor(sent)).toMatch(UUID);
    },
  );

  it('gives a request without one a new UUID each time', async () => {
    const [a, b] = [await idFor(), await idFor()];
    expect(a).toMatch(UUID);
    expect(b).toMatch(UUID);
    expect(a).not.toBe(b);
  });

  it('is echoed by the front door too', async () => {
    const url = `${base}/api/chapters/state/vt`;
    await fetch(url); // the app answers and the door remembers the URL
    const served = t.app.frontDoor.served;
    const res = await fetch(url, { headers: { 'x-request-id': 'from-nginx-42' } });
    expect(t.app.frontDoor.served).toBe(served + 1);
    expect(res.headers.get('x-request-id')).toBe('from-nginx-42');
    const other = await fetch(url, { headers: { 'x-request-id': 'not valid' } });
    expect(other.headers.get('x-request-id')).toMatch(UUID);
  });
});
