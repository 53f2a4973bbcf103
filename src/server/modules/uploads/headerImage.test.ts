// POST and DELETE /api/chapter/header_image/{id} (spec 2 §2 Page Content, §7): any common image
// is re-encoded as JPEG and stored in the database, shown as the chapter's header image under a
// URL that carries its hash; anything else is refused.
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import {
  createChapterAdminWorld,
  fieldNames,
  grantRole,
  imageUpload,
  insertChapter,
  multipartBody,
  send,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';
import { HASHED_URL, storedHeader } from '../../test/images';
import { NOT_AN_IMAGE, TOO_LARGE, TOO_MANY_PIXELS } from './images';
import { imageUrl } from './slots';
import { hashOf } from './store';

let t: TestApp;
let w: ChapterAdminWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await createChapterAdminWorld(t);
});
afterAll(() => t.close());

/** The bytes stored as the chapter's header image (null: none), where the file used to be. */
const stored = (id: number) => storedHeader(t.db, id);
async function storedOf(id: number): Promise<Buffer> {
  const bytes = await stored(id);
  expect(bytes).not.toBeNull();
  return bytes!;
}
const isJpeg = (data: Buffer) => data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;

async function freshChapter(status = 1) {
  const chapter = await insertChapter(t, { status });
  await grantRole(t, w.users.host.id, 3, chapter.id);
  await grantRole(t, w.users.fieldOrganizer.id, 2, chapter.id);
  return chapter;
}

function image(
  format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif',
  { width = 64, height = 32, alpha = false } = {},
) {
  return sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: alpha ? { r: 0, g: 0, b: 0, alpha: 0 } : { r: 200, g: 40, b: 40 },
    },
  })
    .toFormat(format)
    .toBuffer();
}

/** A tiny PNG file that decodes to a huge black image (a decompression bomb), written by hand. */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1-bit greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const upload = (id: number | string, raw: ReturnType<typeof multipartBody>, cookie?: string) =>
  send(t, { method: 'POST', url: `/api/chapter/header_image/${id}`, raw }, cookie);
const remove = (id: number | string, cookie?: string) =>
  send(t, { method: 'DELETE', url: `/api/chapter/header_image/${id}` }, cookie);
const headerImageUrl = async (id: number, cookie?: string) =>
  (await send(t, { method: 'GET', url: `/api/chapter/id/${id}` }, cookie)).json().headerImageUrl;

describe('POST /api/chapter/header_image/:id', () => {
  it('stores a PNG as a JPEG, which the chapter then shows by its hash and the spec name serves', async () => {
    const chapter = await freshChapter();
    expect(await headerImageUrl(chapter.id)).toBeNull();
    const res = await upload(chapter.id, imageUpload(await image('png')), w.cookies.host);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'success' });
    const jpeg = await storedOf(chapter.id);
    expect(isJpeg(jpeg)).toBe(true);
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 32 });
    const url = imageUrl(hashOf(jpeg));
    expect(url).toMatch(HASHED_URL);
    expect(await headerImageUrl(chapter.id)).toBe(url);
    for (const at of [url, `/assets/images/uploads/chapter_header_${chapter.id}.jpg`]) {
      const served = await send(t, { method: 'GET', url: at });
      expect(served.statusCode, at).toBe(200);
      expect(served.headers['content-type'], at).toBe('image/jpeg');
      expect(served.rawPayload.equals(jpeg), at).toBe(true);
    }
  });

  it('takes JPEG, WebP, GIF and AVIF too, and always stores JPEG', async () => {
    const chapter = await freshChapter();
    for (const format of ['jpeg', 'webp', 'gif', 'avif'] as const) {
      const res = await upload(
        chapter.id,
        imageUpload(await image(format), `header.${format}`, `image/${format}`),
        w.cookies.fieldOrganizer,
      );
      expect(res.statusCode, format).toBe(200);
      expect(isJpeg(await storedOf(chapter.id)), format).toBe(true);
    }
  });

  it('trusts the bytes, not the name or type the browser gave', async () => {
    const chapter = await freshChapter();
    const png = await image('png');
    const res = await upload(
      chapter.id,
      imageUpload(png, 'notes.txt', 'application/octet-stream'),
      w.cookies.admin,
    );
    expect(res.statusCode).toBe(200);
    expect(isJpeg(await storedOf(chapter.id))).toBe(true);
  });

  it('scales a wide image down to 2000 pixels, flattens transparency onto white and drops metadata', async () => {
    const chapter = await freshChapter();
    const wide = await image('png', { width: 2600, height: 100, alpha: true });
    expect((await upload(chapter.id, imageUpload(wide), w.cookies.host)).statusCode).toBe(200);
    const jpeg = await storedOf(chapter.id);
    const meta = await sharp(jpeg).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 2000 });
    expect(meta.hasAlpha).toBe(false);
    const { data } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(data[0]!, data[1]!, data[2]!)).toBeGreaterThan(240);

    const withExif = await sharp(await image('jpeg'))
      .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    expect(
      (await upload(chapter.id, imageUpload(withExif, 'a.jpg', 'image/jpeg'), w.cookies.host))
        .statusCode,
    ).toBe(200);
    const clean = await storedOf(chapter.id);
    expect((await sharp(clean).metadata()).exif).toBeUndefined();
    expect(clean.includes(Buffer.from('secret camera owner'))).toBe(false);
  });

  it('refuses a text file or garbage with a 400 that says why, and keeps the image it had', async () => {
    const chapter = await freshChapter();
    await upload(chapter.id, imageUpload(await image('png')), w.cookies.host);
    const before = await storedOf(chapter.id);
    const bad = [
      imageUpload('just some words\n', 'notes.txt', 'text/plain'),
      imageUpload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4, 5, 6, 7, 8]), 'broken.png'),
      imageUpload(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'x.svg',
        'image/svg+xml',
      ),
      imageUpload(Buffer.alloc(0), 'empty.png'),
    ];
    for (const raw of bad) {
      const res = await upload(chapter.id, raw, w.cookies.host);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(NOT_AN_IMAGE);
      expect(fieldNames(res)).toEqual(['image']);
    }
    expect((await storedOf(chapter.id)).equals(before)).toBe(true);
  });

  it('refuses a decompression bomb (a small file of too many pixels) with a 400 that says so', async () => {
    const chapter = await freshChapter();
    const small = pngBomb(300, 200);
    expect((await sharp(small).metadata()).width).toBe(300);
    expect((await upload(chapter.id, imageUpload(small), w.cookies.host)).statusCode).toBe(200);
    const bomb = pngBomb(10_000, 10_000);
    expect(bomb.length).toBeLessThan(100_000);
    const res = await upload(chapter.id, imageUpload(bomb), w.cookies.host);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TOO_MANY_PIXELS);
    expect(fieldNames(res)).toEqual(['image']);
  });

  it('answers 400 for an upload without the image field, or a body that is not a file upload', async () => {
    const chapter = await freshChapter();
    const png = await image('png');
    const wrongField = await upload(
      chapter.id,
      multipartBody([{ name: 'picture', data: png, filename: 'a.png', contentType: 'image/png' }]),
      w.cookies.host,
    );
    expect(wrongField.statusCode).toBe(400);
    expect(fieldNames(wrongField)).toEqual(['image']);
    const noFile = await upload(
      chapter.id,
      multipartBody([{ name: 'image', data: 'not a file' }]),
      w.cookies.host,
    );
    expect(noFile.statusCode).toBe(400);
    const nothing = await upload(chapter.id, multipartBody([]), w.cookies.host);
    expect(nothing.statusCode).toBe(400);
    const json = await send(
      t,
      { method: 'POST', url: `/api/chapter/header_image/${chapter.id}`, payload: { image: 'x' } },
      w.cookies.host,
    );
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/multipart/);
    expect(await stored(chapter.id)).toBeNull();
  });

  it('answers 413 for a file over the limit', async () => {
    const chapter = await freshChapter();
    const huge = Buffer.alloc(10 * 1024 * 1024 + 1, 7);
    const res = await upload(chapter.id, imageUpload(huge, 'huge.png'), w.cookies.host);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(TOO_LARGE);
    expect(await stored(chapter.id)).toBeNull();
  });

  it('answers 400 naming the id for a bad id, 404 for no such chapter, 401 and 403 to outsiders', async () => {
    const chapter = await freshChapter();
    const png = await image('png');
    for (const id of ['abc', '0', '-1', '1.5']) {
      const res = await upload(id, imageUpload(png), w.cookies.admin);
      expect(res.statusCode, id).toBe(400);
      expect(fieldNames(res), id).toEqual(['params.id']);
    }
    expect((await upload(999_999, imageUpload(png), w.cookies.admin)).statusCode).toBe(404);
    expect((await upload(chapter.id, imageUpload(png))).statusCode).toBe(401);
    expect((await upload(chapter.id, imageUpload(png), w.cookies.noRole)).statusCode).toBe(403);
    expect((await upload(chapter.id, imageUpload(png), w.cookies.otherHost)).statusCode).toBe(403);
    expect(await stored(chapter.id)).toBeNull();
  });

  it('lets the hosts of a hidden chapter upload its image', async () => {
    const chapter = await freshChapter(0);
    const res = await upload(chapter.id, imageUpload(await image('png')), w.cookies.host);
    expect(res.statusCode).toBe(200);
    expect(await headerImageUrl(chapter.id, w.cookies.host)).toMatch(HASHED_URL);
  });
});

describe('DELETE /api/chapter/header_image/:id', () => {
  it('removes the image, after which the chapter has none; deleting again is no error', async () => {
    const chapter = await freshChapter();
    await upload(chapter.id, imageUpload(await image('png')), w.cookies.host);
    expect(await stored(chapter.id)).not.toBeNull();
    expect((await remove(chapter.id)).statusCode).toBe(401);
    expect((await remove(chapter.id, w.cookies.otherHost)).statusCode).toBe(403);
    expect(await stored(chapter.id)).not.toBeNull();
    const res = await remove(chapter.id, w.cookies.host);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'success' });
    expect(await stored(chapter.id)).toBeNull();
    expect(await headerImageUrl(chapter.id)).toBeNull();
    const served = await send(t, {
      method: 'GET',
      url: `/assets/images/uploads/chapter_header_${chapter.id}.jpg`,
    });
    expect(served.statusCode).toBe(404);
    expect((await remove(chapter.id, w.cookies.host)).statusCode).toBe(200);
  });

  it('answers 400 naming the id for a bad id and 404 for no such chapter', async () => {
    const bad = await remove('x1', w.cookies.admin);
    expect(bad.statusCode).toBe(400);
    expect(fieldNames(bad)).toEqual(['params.id']);
    expect((await remove(999_999, w.cookies.admin)).statusCode).toBe(404);
  });
});
