// TRUST_PROXY end to end (addresses.ts): which address the sign-in limit counts when requests
// come through a proxy that appends the client's address to X-Forwarded-For, as nginx does.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { createTestApp } from './test/app';
import { rateLimits } from './db/schema';

const MAX = 3;
type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A sign-in attempt (a wrong password for nobody) from `socket`, with what the proxy sent. */
function signIn(t: TestApp, socket: string, forwardedFor?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    remoteAddress: socket,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    // Another name each time: only the address's limit is at play, never an account's wait.
    payload: { username: `nobody-${randomUUID()}@example.org`, password: 'a-guess' },
  });
}

/** The addresses the sign-in limit has counted, with their counts. */
async function counted(t: TestApp): Promise<Record<string, number>> {
  const rows = await t.db.select().from(rateLimits).where(like(rateLimits.key, 'signin:ip:%'));
  return Object.fromEntries(rows.map((r) => [r.key.slice('signin:ip:'.length), r.count]));
}

describe('TRUST_PROXY=1: one proxy (nginx) in front', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1', AUTH_RATE_LIMIT_MAX: String(MAX) } });
  });
  afterAll(() => t.close());

  it('counts the address the proxy saw, whatever the client claimed before it', async () => {
    // The client sends its own X-Forwarded-For, a new one each time; nginx appends the address
    // it really came from.
    for (let i = 1; i <= MAX; i++) {
      const res = await signIn(t, '127.0.0.1', `192.0.2.${i}, 203.0.113.5`);
      expect(res.statusCode).toBe(200);
    }
    const refused = await signIn(t, '127.0.0.1', '192.0.2.99, 203.0.113.5');
    expect(refused.statusCode).toBe(429);
    const seen = await counted(t);
    expect(seen['203.0.113.5']).toBe(MAX + 1);
    expect(Object.keys(seen).filter((a) => a.startsWith('192.0.2.'))).toEqual([]);
  });

  it('keeps two clients behind the same proxy apart', async () => {
    for (let i = 0; i <= MAX; i++) await signIn(t, '127.0.0.1', '203.0.113.10');
    expect((await signIn(t, '127.0.0.1', '203.0.113.10')).statusCode).toBe(429);
    // Same proxy, another client: its own limit, untouched.
    expect((await signIn(t, '127.0.0.1', '203.0.113.11')).statusCode).toBe(200);
    expect((await counted(t))['127.0.0.1']).toBeUndefined();
  });

  it('counts an IPv6 client by its /64, and a request without the header by its socket', async () => {
    await signIn(t, '::1', '2001:db8:7:8::42');
    await signIn(t, '198.51.100.77');
    const seen = await counted(t);
    expect(seen['2001:db8:7:8::/64']).toBe(1);
    expect(seen['198.51.100.77']).toBe(1);
  });
});

describe('TRUST_PROXY as a list of the proxies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8, fd00::/8, 192.0.2.7' } });
  });
  afterAll(() => t.close());

  it("believes a listed proxy's header and nobody else's", async () => {
    await signIn(t, '10.1.2.3', '203.0.113.20'); // in 10.0.0.0/8
    await signIn(t, 'fd00::9', '203.0.113.21'); // in fd00::/8
    await signIn(t, '::ffff:192.0.2.7', '203.0.113.22'); // the listed address, as IPv6 names it
    await signIn(t, '198.51.100.9', '203.0.113.23'); // not a proxy: the header is a claim
    // Two listed proxies in a row: the client is the first address no listed proxy sent.
    await signIn(t, '10.1.2.3', '198.51.100.50, 203.0.113.24, 10.200.0.1');
    const seen = await counted(t);
    expect(seen).toMatchObject({
      '203.0.113.20': 1,
      '203.0.113.21': 1,
      '203.0.113.22': 1,
      '198.51.100.9': 1,
      '203.0.113.24': 1,
    });
    expect(seen['203.0.113.23']).toBeUndefined();
    expect(seen['198.51.100.50']).toBeUndefined();
  });
});
