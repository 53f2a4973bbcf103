import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { eq } from 'drizzle-orm';
import { chapters } from '../../db/schema';
import {
  createChapterAdminWorld,
  send,
  type ChapterAdminWorld,
} from '../../test/chapterAdminWorld';

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

describe("a visitor's chapter and state answers", () => {
  let c: Awaited<ReturnType<typeof createTestApp>>;
  let w: ChapterAdminWorld;
  beforeAll(async () => {
    c = await createTestApp({ env: { PUBLIC_CACHE_SECONDS: '60' } });
    w = await createChapterAdminWorld(c, { state: 'NM', city: 'Taos', title: 'Taos' });
  });
  afterAll(() => c.close());

  const chapterUrl = () => `/api/chapter/slug/${w.chapter.slug}`;
  const title = async (cookie?: string) =>
    (await send(c, { method: 'GET', url: chapterUrl() }, cookie)).json<{ title: string }>().title;

  it('are reused while nothing changes through this server, and answer revalidations with 304', async () => {
    expect(await title()).toBe('Taos');
    // Written behind the app's back, as another app server would: visitors keep the answer...
    await c.db.update(chapters).set({ title: 'Taos Behind' }).where(eq(chapters.id, w.chapter.id));
    expect(await title()).toBe('Taos');
    const first = await send(c, { method: 'GET', url: '/api/chapters/state/nm' });
    expect(first.json<{ title: string }[]>().map((ch) => ch.title)).toEqual(['Taos Behind']);
    const again = await c.app.inject({
      url: '/api/chapters/state/nm',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    // ...while a signed-in user's answer is always built for them.
    expect(await title(w.cookies.host)).toBe('Taos Behind');
  });

  it('are forgotten as soon as this server saves a change', async () => {
    const saved = await send(
      c,
      { method: 'POST', url: '/api/chapter', payload: { id: w.chapter.id, title: 'Taos Saved' } },
      w.cookies.fieldOrganizer,
    );
    expect(saved.statusCode).toBe(200);
    expect(await title()).toBe('Taos Saved');
    const state = await send(c, { method: 'GET', url: '/api/chapters/state/nm' });
    expect(state.json<{ title: string }[]>().map((ch) => ch.title)).toEqual(['Taos Saved']);
  });

  it("never hand a host's view of a hidden chapter to a visitor", async () => {
    await send(
      c,
      { method: 'POST', url: '/api/chapter', payload: { id: w.chapter.id, status: 0 } },
      w.cookies.fieldOrganizer,
    );
    expect(await title(w.cookies.host)).toBe('Taos Saved');
    const visitor = await send(c, { method: 'GET', url: chapterUrl() });
    expect(visitor.statusCode).toBe(404);
    const state = await send(c, { method: 'GET', url: '/api/chapters/state/nm' });
    expect(state.json()).toEqual([]);
    const hostState = await send(
      c,
      { method: 'GET', url: '/api/chapters/state/nm' },
      w.cookies.host,
    );
    expect(hostState.json<{ title: string }[]>().map((ch) => ch.title)).toEqual(['Taos Saved']);
  });
});
