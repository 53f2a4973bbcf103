import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressWebDir } from '../../../scripts/compress-web';
import { chapters } from '../db/schema';
import { createTestApp } from '../test/app';
import { insertChapter, uniqueSlug } from '../test/chapterAdminWorld';
import { signedInUser } from '../test/users';
import { forgetAnswers } from '../caching/answerCache';
import { changed } from '../caching/answerKeys';

// A built web app as the build leaves it: vite's files, then the compressed copies beside them.
const webDir = mkdtempSync(path.join(tmpdir(), 'chapters-web-static-'));
mkdirSync(path.join(webDir, 'assets'));
const script = Array.from(
  { length: 200 },
  (_, i) => `export function chapter${i}(name) { return "Drinking Liberally " + name + ${i}; }`,
).join('\n');
const tiny = 'console.log("tiny")';
writeFileSync(
  path.join(webDir, 'index.html'),
  `<!doctype html><html><head><title>Chapters</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`,
);
writeFileSync(path.join(webDir, 'assets', 'index-AbCd1234.js'), script);
writeFileSync(path.join(webDir, 'assets', 'tiny-EfGh5678.js'), tiny);
const compressed = compressWebDir(webDir);
const asset = (name: string) => readFileSync(path.join(webDir, 'assets', name));

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // Pages are kept for an hour here: only an announced change makes them new.
  t = await createTestApp({ webDir, env: { PUBLIC_CACHE_SECONDS: '3600' } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, cookie?: string) =>
  t.app.inject({
    url,
    headers: {
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      ...(cookie ? { cookie } : {}),
    },
  });

const rename = (id: number, title: string) =>
  t.db.update(chapters).set({ title }).where(eq(chapters.id, id));

describe('static files of the build', () => {
  it('are compressed once by the build, tiny ones left alone', () => {
    const names = compressed.map((f) => f.file).sort();
    expect(names).toEqual([path.join('assets', 'index-AbCd1234.js'), 'index.html']);
    expect(brotliDecompressSync(asset('index-AbCd1234.js.br')).toString()).toBe(script);
    expect(gunzipSync(asset('index-AbCd1234.js.gz')).toString()).toBe(script);
  });

  it('sends the brotli file as written to a browser that takes it', async () => {
    const res = await get('/assets/index-AbCd1234.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.rawPayload.equals(asset('index-AbCd1234.js.br'))).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends the gzip file as written to a client that takes only gzip', async () => {
    const res = await get('/assets/index-AbCd1234.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.equals(asset('index-AbCd1234.js.gz'))).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends the plain file to a client that takes no compression', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'deflate']) {
      const res = await get('/assets/index-AbCd1234.js', acceptEncoding);
      expect(res.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(res.body, acceptEncoding).toBe(script);
      expect(res.headers.vary, acceptEncoding).toMatch(/accept-encoding/i);
    }
  });

  it('never compresses a file inside a request', async () => {
    const res = await get('/assets/tiny-EfGh5678.js', 'gzip, br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(tiny);
  });

  it('serves the compressed copies only in place of their original', async () => {
    const res = await get('/assets/index-AbCd1234.js.br', 'br');
    expect(res.statusCode).toBe(404);
  });
});

describe('pages of the web app', () => {
  it('are kept, and forgotten when what they show changes (not something else)', async () => {
    const chapter = await insertChapter(t, { title: 'Greenpoint' });
    const other = await insertChapter(t, {
      title: 'Oakland',
      slug: uniqueSlug('oakland'),
      state: 'CA',
      emailAlias: 'oakland',
    });
    const url = `/chapter/ny/${chapter.slug}`;
    // The page's first screen, drawn on the server, has the chapter's title as its heading.
    const heading = (html: string) =>
      /<h1 id="chapter-title"[^>]*><a [^>]*>([^<]*)</.exec(html)?.[1];
    expect(heading((await get(url)).body)).toBe('Greenpoint');
    // Written behind the app's back: nothing announced, the kept page is sent.
    await rename(chapter.id, 'Greenpoint Gardens');
    expect((await get(url)).body).not.toContain('Greenpoint Gardens');
    await forgetAnswers(t.app, changed.chapter(other));
    expect((await get(url)).body).not.toContain('Greenpoint Gardens');
    await forgetAnswers(t.app, changed.chapter(chapter));
    expect(heading((await get(url)).body)).toBe('Greenpoint Gardens');
  });

  it('are the same for signed-in users, whatever their roles', async () => {
    const chapter = await insertChapter(t, { title: 'Astoria' });
    const url = `/chapter/ny/${chapter.slug}`;
    const first = await get(url, undefined, (await signedInUser(t)).cookie);
    for (const opts of [{ hostOf: [chapter.id] }, { admin: true }]) {
      const user = await signedInUser(t, opts);
      const res = await get(url, undefined, user.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe(first.headers.etag);
      expect(res.body).toBe(first.body);
    }
    // The visitors' differs only in its menu (modules/seo/signedInFrame.test.ts).
    expect((await get(url)).headers.etag).not.toBe(first.headers.etag);
  });

  it('keep a 404 a 404 until the chapter is there', async () => {
    const slug = uniqueSlug('maspeth');
    const url = `/chapter/ny/${slug}`;
    for (let i = 0; i < 2; i += 1) {
      const res = await get(url, 'gzip');
      expect(res.statusCode).toBe(404);
      expect(gunzipSync(res.rawPayload).toString()).toContain('Chapter not found');
    }
    const chapter = await insertChapter(t, { title: 'Maspeth', slug });
    await forgetAnswers(t.app, changed.chapter(chapter));
    const found = await get(url);
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain('Maspeth');
  });

  it('are sent gzipped as kept, and a revalidation of an unchanged page is a 304', async () => {
    const plain = await get('/intro_start_chapter');
    const zipped = await get('/intro_start_chapter', 'gzip, br');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    const again = await t.app.inject({
      url: '/intro_start_chapter',
      headers: { 'if-none-match': plain.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('no-cache');
  });
});
