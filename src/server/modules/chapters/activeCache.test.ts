import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { chapters } from '../../db/schema';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ env: { HOME_MAP_CACHE_SECONDS: '60' } });
  await t.db
    .insert(chapters)
    .values({ title: 'Tulsa', slug: 'cache-tulsa', city: 'Tulsa', state: 'OK', status: 1 });
});
afterAll(() => t.close());

describe('the home map answer', () => {
  it('is sent gzipped to browsers that accept it, and as JSON to others', async () => {
    const zipped = await t.app.inject({
      url: '/api/chapters/active',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ url: '/api/chapters/active' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
    expect(plain.json<{ slug: string }[]>().map((c) => c.slug)).toEqual(['cache-tulsa']);
  });

  it('answers a revalidation with 304 while nothing has changed', async () => {
    const first = await t.app.inject({ url: '/api/chapters/active' });
    const etag = first.headers.etag as string;
    const again = await t.app.inject({
      url: '/api/chapters/active',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('is built once per cache period, so a change shows after it', async () => {
    await t.db
      .insert(chapters)
      .values({ title: 'Boise', slug: 'cache-boise', city: 'Boise', state: 'ID', status: 1 });
    const cached = await t.app.inject({ url: '/api/chapters/active' });
    expect(cached.json<{ slug: string }[]>().map((c) => c.slug)).toEqual(['cache-tulsa']);
    const fresh = await createTestApp({ env: { HOME_MAP_CACHE_SECONDS: '0' } });
    try {
      // Another app server over another database: a fresh build every time.
      await fresh.db
        .insert(chapters)
        .values({ title: 'Boise', slug: 'cache-boise', city: 'Boise', state: 'ID', status: 1 });
      const res = await fresh.app.inject({ url: '/api/chapters/active' });
      expect(res.json<{ slug: string }[]>().map((c) => c.slug)).toEqual(['cache-boise']);
    } finally {
      await fresh.close();
    }
  });
});
