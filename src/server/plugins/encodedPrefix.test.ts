// Access is decided by the route the router matched, not by the URL's text: the router decodes
// the path, so '/%61pi/email_settings' is '/api/email_settings' and must meet the same rule.
// Every /api route, under every spelling of its prefix, answers a visitor (and a cross-site
// post) exactly as the plain path does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

/** Each way of writing '/api' that the router reads as '/api'. */
const PREFIXES = ['/%61pi', '/a%70i', '/ap%69', '/%61%70%69'];

/** A concrete path for a route pattern: each parameter becomes 1. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');

async function ask(method: string, url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{}' }),
  });
  return res.statusCode;
}

describe('an encoded /api prefix', () => {
  it('meets the same access rule as the plain path, on every route that has one', async () => {
    const guarded = t.app.apiRoutes.filter((r) => r.access !== 'public');
    expect(guarded.length).toBeGreaterThan(20);
    for (const route of guarded) {
      const path = concrete(route.url);
      const plain = await ask(route.method, path);
      expect(plain, `${route.method} ${path}`).toBe(401);
      for (const prefix of PREFIXES) {
        const encoded = path.replace(/^\/api/, prefix);
        expect(await ask(route.method, encoded), `${route.method} ${encoded}`).toBe(401);
      }
    }
  });

  it('meets the cross-site check on every route that changes something', async () => {
    const changing = t.app.apiRoutes.filter((r) => !['GET', 'OPTIONS'].includes(r.method));
    const evil = { origin: 'https://evil.example' };
    for (const route of changing) {
      const path = concrete(route.url);
      for (const prefix of ['/api', ...PREFIXES]) {
        const url = path.replace(/^\/api/, prefix);
        expect(await ask(route.method, url, evil), `${route.method} ${url}`).toBe(403);
      }
    }
  });

  it('is never served the web app page', async () => {
    const res = await t.app.inject({ url: '/%61pi/no_such_call' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});
