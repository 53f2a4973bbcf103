// Saving the general settings (spec 2 §2 /admin/settings, §5, §7): the front page link and
// image, and the email service.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { emailSettingsSchema, frontPageSchema } from '../../../common/schemas/settings';
import {
  createChapterAdminWorld,
  fieldNames,
  imageUpload,
  multipartBody,
  send,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';
import { expectAdminOnly } from '../../test/adminOnly';
import { storedFrontPage } from '../../test/images';
import { NOT_AN_IMAGE } from '../uploads/images';
import { imageUrl } from '../uploads/slots';
import { hashOf } from '../uploads/store';

let t: TestApp;
let w: ChapterAdminWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await createChapterAdminWorld(t);
});
afterAll(() => t.close());

const postJson = (url: string, payload: object, cookie = w.cookies.admin) =>
  send(t, { method: 'POST', url, payload }, cookie);

describe('POST /api/front_page', () => {
  it('saves the link, which the public GET then answers', async () => {
    const res = await postJson('/api/front_page', { imageLinkURL: ' https://example.org/donate ' });
    expect(res.statusCode).toBe(200);
    expect(frontPageSchema.parse(res.json())).toEqual({
      imageLinkURL: 'https://example.org/donate',
      imageUrl: null,
    });
    const visitor = await send(t, { method: 'GET', url: '/api/front_page' });
    expect(visitor.json()).toMatchObject({ imageLinkURL: 'https://example.org/donate' });
  });

  it('answers 400 naming body.imageLinkURL for a missing link or one that is not http(s)', async () => {
    for (const bad of [
      undefined,
      '',
      '  ',
      'javascript:alert(1)',
      'ftp://x.example/',
      'example.org',
      'http://',
    ]) {
      const res = await postJson('/api/front_page', bad === undefined ? {} : { imageLinkURL: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(new Set(fieldNames(res)), String(bad)).toEqual(new Set(['body.imageLinkURL']));
    }
    const still = await send(t, { method: 'GET', url: '/api/front_page' });
    expect(still.json().imageLinkURL).toBe('https://example.org/donate');
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, w, {
      method: 'POST',
      url: '/api/front_page',
      payload: { imageLinkURL: 'https://example.org/' },
    });
  });
});

describe('POST /api/front_page_image', () => {
  /** The bytes stored as the front page image, where the file used to be. */
  const stored = async () => {
    const bytes = await storedFrontPage(t.db);
    expect(bytes).not.toBeNull();
    return bytes!;
  };

  it('re-encodes the image as JPEG; the front page then names it', async () => {
    const png = await sharp({
      create: { width: 40, height: 20, channels: 3, background: { r: 10, g: 200, b: 10 } },
    })
      .png()
      .toBuffer();
    const res = await send(
      t,
      { method: 'POST', url: '/api/front_page_image', raw: imageUpload(png) },
      w.cookies.admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'success' });
    const jpeg = await stored();
    expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const front = frontPageSchema.parse(
      (await send(t, { method: 'GET', url: '/api/front_page' })).json(),
    );
    expect(front.imageUrl).toBe(imageUrl(hashOf(jpeg)));
  });

  it('refuses what is not an image, or no file in the field image, with 400', async () => {
    const before = await stored();
    const notImage = await send(
      t,
      {
        method: 'POST',
        url: '/api/front_page_image',
        raw: imageUpload('<svg onload=alert(1)>', 'x.svg', 'image/svg+xml'),
      },
      w.cookies.admin,
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toBe(NOT_AN_IMAGE);
    const wrongField = await send(
      t,
      {
        method: 'POST',
        url: '/api/front_page_image',
        raw: multipartBody([
          { name: 'file', data: 'x', filename: 'a.png', contentType: 'image/png' },
        ]),
      },
      w.cookies.admin,
    );
    expect(wrongField.statusCode).toBe(400);
    expect(fieldNames(wrongField)).toEqual(['image']);
    const json = await postJson('/api/front_page_image', { image: 'x' });
    expect(json.statusCode).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('is for admins only', async () => {
    expect(await storedFrontPage(t.db)).not.toBeNull();
    await expectAdminOnly(t, w, {
      method: 'POST',
      url: '/api/front_page_image',
      raw: imageUpload(Buffer.from('x')),
    });
  });
});

describe('GET and POST /api/email_settings', () => {
  it('saves bronto or sendInBlue and answers it', async () => {
    const get = async () =>
      emailSettingsSchema.parse(
        (await send(t, { method: 'GET', url: '/api/email_settings' }, w.cookies.admin)).json(),
      );
    expect(await get()).toEqual({ serviceName: 'bronto' });
    for (const serviceName of ['sendInBlue', 'bronto', 'sendInBlue'] as const) {
      const res = await postJson('/api/email_settings', { serviceName });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ serviceName });
      expect(await get()).toEqual({ serviceName });
    }
  });

  it('answers 400 naming body.serviceName for anything else', async () => {
    for (const body of [{}, { serviceName: 'mailchimp' }, { serviceName: 1 }]) {
      const res = await postJson('/api/email_settings', body);
      expect(res.statusCode).toBe(400);
      expect(fieldNames(res)).toEqual(['body.serviceName']);
    }
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, w, { method: 'GET', url: '/api/email_settings' });
    await expectAdminOnly(t, w, {
      method: 'POST',
      url: '/api/email_settings',
      payload: { serviceName: 'bronto' },
    });
  });
});
