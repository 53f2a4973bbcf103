// Header images (issue 31): a host filled the disk with 15 uploads and every replaced image
// stayed public; a hidden chapter's header was served to visitors at its slot URL. Now a
// replaced or removed image is deleted (storage and its URL), a chapter takes
// LIMITS.headerUploadsPerHour uploads an hour, and a hidden chapter's header is a 404 to
// whoever may not see the chapter, and kept by no cache.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../../common/constants';
import { chapters, images } from '../../db/schema';
import { createTestApp } from '../../test/app';
import {
  createChapterAdminWorld,
  grantRole,
  imageUpload,
  insertChapter,
  send,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';
import { RawConnection } from '../../test/rawHttp';
import { HIDDEN_SLOT_CACHE, SLOT_CACHE } from './serveRoutes';
import { MAX_UPLOAD_BYTES } from './images';
import { TOO_MANY_UPLOADS } from './uploadLimit';

let t: TestApp;
let w: ChapterAdminWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await createChapterAdminWorld(t);
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

async function hostedChapter(status = 1) {
  const chapter = await insertChapter(t, { status });
  await grantRole(t, w.users.host.id, 3, chapter.id);
  return chapter;
}

let shade = 0;
/** A PNG unlike any uploaded before it (a new colour each time). */
const newImage = () =>
  sharp({ create: { width: 16, height: 8, channels: 3, background: { r: 9, g: shade++, b: 90 } } })
    .png()
    .toBuffer();

const upload = async (chapterId: number) =>
  send(
    t,
    {
      method: 'POST',
      url: `/api/chapter/header_image/${chapterId}`,
      raw: imageUpload(await newImage()),
    },
    w.cookies.host,
  );
const get = (url: string, cookie?: string) => send(t, { method: 'GET', url }, cookie);
const headerUrl = async (chapterId: number): Promise<string> =>
  (await get(`/api/chapter/id/${chapterId}`, w.cookies.host)).json().headerImageUrl;
const slotUrl = (chapterId: number) => `/assets/images/uploads/chapter_header_${chapterId}.jpg`;
const storedHashes = async (hash: string) =>
  (await t.db.select({ hash: images.hash }).from(images).where(eq(images.hash, hash))).length;
const hashOfUrl = (url: string) => /([0-9a-f]{64})\.jpg$/.exec(url)![1]!;

describe('replacing and removing a header image', () => {
  it('deletes the image it replaced: its URL answers 404 and its bytes are gone', async () => {
    const chapter = await hostedChapter();
    expect((await upload(chapter.id)).statusCode).toBe(200);
    const old = await headerUrl(chapter.id);
    // Served once, so this server keeps it in memory too.
    expect((await get(old)).statusCode).toBe(200);

    expect((await upload(chapter.id)).statusCode).toBe(200);
    const now = await headerUrl(chapter.id);
    expect(now).not.toBe(old);
    expect((await get(old)).statusCode).toBe(404);
    expect(await storedHashes(hashOfUrl(old))).toBe(0);
    expect((await get(now)).statusCode).toBe(200);

    const removed = await send(
      t,
      { method: 'DELETE', url: `/api/chapter/header_image/${chapter.id}` },
      w.cookies.host,
    );
    expect(removed.statusCode).toBe(200);
    expect((await get(now)).statusCode).toBe(404);
    expect(await storedHashes(hashOfUrl(now))).toBe(0);
  });
});

describe('uploads per chapter per hour', () => {
  it('takes ten uploads a chapter an hour, answers the next with a 429 that says why, and takes one again the next hour', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    vi.setSystemTime(start);
    const chapter = await hostedChapter();
    for (let n = 0; n < LIMITS.headerUploadsPerHour; n++) {
      expect((await upload(chapter.id)).statusCode).toBe(200);
    }
    const kept = await headerUrl(chapter.id);
    const refused = await upload(chapter.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY_UPLOADS);
    expect(await headerUrl(chapter.id)).toBe(kept);
    // Another chapter's uploads are its own.
    expect((await upload((await hostedChapter()).id)).statusCode).toBe(200);

    vi.setSystemTime(start + 60 * 60 * 1000 + 1000);
    expect((await upload(chapter.id)).statusCode).toBe(200);
    expect(await headerUrl(chapter.id)).not.toBe(kept);
  });

  it('counts no turn for a file too large or no image: the chapter still has its ten', async () => {
    const chapter = await hostedChapter();
    const refusedAs = async (raw: ReturnType<typeof imageUpload>) =>
      (
        await send(
          t,
          { method: 'POST', url: `/api/chapter/header_image/${chapter.id}`, raw },
          w.cookies.host,
        )
      ).statusCode;
    expect(await refusedAs(imageUpload(Buffer.alloc(MAX_UPLOAD_BYTES + 1, 7)))).toBe(413);
    expect(await refusedAs(imageUpload('not an image'))).toBe(400);
    for (let n = 0; n < LIMITS.headerUploadsPerHour; n++) {
      expect((await upload(chapter.id)).statusCode).toBe(200);
    }
    expect((await upload(chapter.id)).statusCode).toBe(429);
  });

  it("says in Retry-After how long until the chapter's hour is over", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    vi.setSystemTime(start);
    const chapter = await hostedChapter();
    for (let n = 0; n < LIMITS.headerUploadsPerHour; n++) await upload(chapter.id);
    vi.setSystemTime(start + 20 * 60 * 1000);
    const refused = await upload(chapter.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(40 * 60));
  });

  it('refuses an upload past the limit before its file has come, over a connection that stays usable', async () => {
    const chapter = await hostedChapter();
    for (let n = 0; n < LIMITS.headerUploadsPerHour; n++) await upload(chapter.id);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const client = new RawConnection((t.app.server.address() as { port: number }).port);
    try {
      const file = imageUpload(Buffer.alloc(2 * 1024 * 1024, 7), 'big.png');
      await client.writeHead('POST', `/api/chapter/header_image/${chapter.id}`, {
        ...file.headers,
        'content-length': file.payload.length,
        cookie: w.cookies.host!,
      });
      // Half the file: an answer now is one given before the body was read.
      const half = file.payload.length / 2;
      await client.write(file.payload.subarray(0, half));
      const refused = await client.next();
      expect(refused?.status).toBe(429);
      expect(JSON.parse(refused!.body)).toMatchObject({ message: TOO_MANY_UPLOADS });

      await client.write(file.payload.subarray(half));
      await client.writeHead('GET', '/api/health', {});
      expect((await client.next())?.status).toBe(200);
    } finally {
      client.destroy();
    }
  });
});

describe("a hidden chapter's header at its slot URL", () => {
  it('is a 404 to visitors and other hosts, shown to its hosts and admins, and kept by no cache', async () => {
    const chapter = await hostedChapter();
    expect((await upload(chapter.id)).statusCode).toBe(200);
    const shown = await get(slotUrl(chapter.id));
    expect(shown.statusCode).toBe(200);

    await t.db.update(chapters).set({ status: 0 }).where(eq(chapters.id, chapter.id));
    expect((await get(slotUrl(chapter.id))).statusCode).toBe(404);
    // What a cache kept of it before is asked again on every use, so hiding is seen at once.
    expect(shown.headers['cache-control']).toBe(SLOT_CACHE);
    expect(SLOT_CACHE).toMatch(/no-cache/);
    const revalidated = await send(t, {
      method: 'GET',
      url: slotUrl(chapter.id),
      raw: { payload: '', headers: { 'if-none-match': String(shown.headers.etag) } },
    });
    expect(revalidated.statusCode).toBe(404);
    expect((await get(slotUrl(chapter.id), w.cookies.otherHost)).statusCode).toBe(404);
    for (const cookie of [w.cookies.host, w.cookies.admin]) {
      const own = await get(slotUrl(chapter.id), cookie);
      expect(own.statusCode).toBe(200);
      expect(own.rawPayload.equals(shown.rawPayload)).toBe(true);
      expect(own.headers['cache-control']).toBe(HIDDEN_SLOT_CACHE);
    }

    await t.db.update(chapters).set({ status: 1 }).where(eq(chapters.id, chapter.id));
    expect((await get(slotUrl(chapter.id))).statusCode).toBe(200);
  });
});
