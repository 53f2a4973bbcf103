// Several app servers behind one proxy (issue 22): an image uploaded through one is served by
// every other, which has a DATA_DIR of its own and nothing on disk, from the database, byte for
// byte under the same strong ETag; the chapter's answer on the other server names it by hash at
// once (the write's notice forgets the kept answer), and a delete is seen there too.
import { existsSync, readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '../../app';
import { createTwoAppServers } from '../../test/app';
import {
  createChapterAdminWorld,
  imageUpload,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';
import { HASHED_URL, storedFrontPage, storedHeader } from '../../test/images';
import { IMMUTABLE, SLOT_CACHE } from './serveRoutes';
import { imageUrl } from './slots';
import { hashOf } from './store';

let servers: Awaited<ReturnType<typeof createTwoAppServers>>;
let t: TestApp;
let second: Awaited<ReturnType<typeof buildApp>>;
let w: ChapterAdminWorld;
beforeAll(async () => {
  servers = await createTwoAppServers();
  ({ t, second } = servers);
  w = await createChapterAdminWorld(t);
});
afterAll(() => servers.close());

const png = (background: string) =>
  sharp({ create: { width: 48, height: 24, channels: 3, background } })
    .png()
    .toBuffer();

/** The chapter's headerImageUrl as a visitor reads it on the second server. */
const headerOnSecond = async () =>
  (await second.inject({ url: `/api/chapter/id/${w.chapter.id}` })).json().headerImageUrl;

const secondHasNoFiles = () => {
  const dir = servers.secondConfig.uploadsDir;
  return !existsSync(dir) || readdirSync(dir).length === 0;
};

describe('images on several app servers', () => {
  it('an image uploaded through one server is read through the other, byte for byte with its ETag', async () => {
    expect(await headerOnSecond()).toBeNull(); // kept by the second server from now on
    const upload = await servers.writeHeard(
      {
        method: 'POST',
        url: `/api/chapter/header_image/${w.chapter.id}`,
        raw: imageUpload(await png('#2a6')),
      },
      w.cookies.host,
    );
    expect(upload.statusCode, upload.body).toBe(200);
    const stored = (await storedHeader(t.db, w.chapter.id))!;
    const url = imageUrl(hashOf(stored));
    expect(url).toMatch(HASHED_URL);
    expect(await headerOnSecond()).toBe(url);

    const onFirst = await t.app.inject({ url });
    const onSecond = await second.inject({ url });
    for (const res of [onFirst, onSecond]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers.etag).toBe(`"${hashOf(stored)}"`);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers['content-length']).toBe(String(stored.length));
    }
    expect(onSecond.rawPayload.equals(stored)).toBe(true);
    expect(onSecond.rawPayload.equals(onFirst.rawPayload)).toBe(true);
    expect(secondHasNoFiles()).toBe(true);
  });

  it('answers 304 to a client that has the image, on either kind of URL', async () => {
    const stored = (await storedHeader(t.db, w.chapter.id))!;
    const etag = `"${hashOf(stored)}"`;
    const urls = [
      imageUrl(hashOf(stored)),
      `/assets/images/uploads/chapter_header_${w.chapter.id}.jpg`,
    ];
    for (const url of urls) {
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const res = await second.inject({ url, headers: { 'if-none-match': ifNoneMatch } });
        expect(res.statusCode, `${url} ${ifNoneMatch}`).toBe(304);
        expect(res.rawPayload.length).toBe(0);
        expect(res.headers.etag).toBe(etag);
      }
      const stale = await second.inject({ url, headers: { 'if-none-match': '"an-older-image"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.equals(stored)).toBe(true);
    }
    // The old URL names whatever the chapter shows now: a short cache, not a year.
    const old = await second.inject({ url: urls[1]! });
    expect(old.headers['cache-control']).toBe(SLOT_CACHE);
  });

  it('a new image gets a new URL on both servers; a delete is seen on both, and its image is gone from both', async () => {
    const before = (await headerOnSecond()) as string;
    await servers.writeHeard(
      {
        method: 'POST',
        url: `/api/chapter/header_image/${w.chapter.id}`,
        raw: imageUpload(await png('#a26')),
      },
      w.cookies.host,
    );
    const after = (await headerOnSecond()) as string;
    expect(after).toMatch(HASHED_URL);
    expect(after).not.toBe(before);
    const fresh = await second.inject({
      url: `/assets/images/uploads/chapter_header_${w.chapter.id}.jpg`,
    });
    expect(fresh.headers.etag).toBe(`"${after.slice(-68, -4)}"`);

    const removed = await servers.writeHeard(
      { method: 'DELETE', url: `/api/chapter/header_image/${w.chapter.id}` },
      w.cookies.host,
    );
    expect(removed.statusCode).toBe(200);
    expect(await headerOnSecond()).toBeNull();
    const oldUrl = `/assets/images/uploads/chapter_header_${w.chapter.id}.jpg`;
    expect((await second.inject({ url: oldUrl })).statusCode).toBe(404);
    // The second server kept the image in memory when it served it: the delete's notice made
    // it forget (issue 31: a removed image no longer stays public).
    expect((await second.inject({ url: after })).statusCode).toBe(404);
    expect((await t.app.inject({ url: after })).statusCode).toBe(404);
  });

  it('the front page image too', async () => {
    const upload = await servers.writeHeard(
      { method: 'POST', url: '/api/front_page_image', raw: imageUpload(await png('#26a')) },
      w.cookies.admin,
    );
    expect(upload.statusCode, upload.body).toBe(200);
    const stored = (await storedFrontPage(t.db))!;
    const front = (await second.inject({ url: '/api/front_page' })).json();
    expect(front.imageUrl).toBe(imageUrl(hashOf(stored)));
    for (const url of [front.imageUrl as string, '/assets/images/uploads/front_page.jpg']) {
      const res = await second.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.etag).toBe(`"${hashOf(stored)}"`);
      expect(res.rawPayload.equals(stored)).toBe(true);
    }
    expect(secondHasNoFiles()).toBe(true);
  });
});
