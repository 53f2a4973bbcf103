import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { signedInUser } from '../../test/users';
import { settings } from '../../db/schema';
import { FRONT_PAGE_SLOT, imageUrl } from '../uploads/slots';
import { clearSlot, hashOf, showImage } from '../uploads/store';

/** Stands for an uploaded JPEG: GET /api/front_page never reads the bytes. */
const image = Buffer.from('jpeg');
let t: Awaited<ReturnType<typeof createTestApp>>;

async function setSetting(key: string, value: unknown) {
  await t.db.delete(settings).where(eq(settings.key, key));
  if (value !== undefined) await t.db.insert(settings).values({ key, value });
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

describe('GET /api/front_page', () => {
  beforeEach(() => clearSlot(t.db, FRONT_PAGE_SLOT));

  it('answers an empty link and no image on a fresh site', async () => {
    await setSetting('frontPage', undefined);
    const res = await t.app.inject({ url: '/api/front_page' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ imageLinkURL: '', imageUrl: null });
  });

  it('answers the link, and the image once one is uploaded', async () => {
    await setSetting('frontPage', { imageLinkURL: 'https://example.org/donate' });
    expect((await t.app.inject({ url: '/api/front_page' })).json()).toEqual({
      imageLinkURL: 'https://example.org/donate',
      imageUrl: null,
    });
    await showImage(t.db, FRONT_PAGE_SLOT, image, 'image/jpeg');
    expect((await t.app.inject({ url: '/api/front_page' })).json()).toEqual({
      imageLinkURL: 'https://example.org/donate',
      imageUrl: imageUrl(hashOf(image)),
    });
  });

  it('reads a malformed setting as empty', async () => {
    await setSetting('frontPage', { imageLinkURL: 42 });
    expect((await t.app.inject({ url: '/api/front_page' })).json().imageLinkURL).toBe('');
  });
});

describe('GET /api/email_settings', () => {
  it('is for admins only', async () => {
    expect((await t.app.inject({ url: '/api/email_settings' })).statusCode).toBe(401);
    const user = await signedInUser(t);
    const res = await t.app.inject({
      url: '/api/email_settings',
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers the service, bronto by default', async () => {
    const admin = await signedInUser(t, { admin: true });
    const read = async () =>
      (
        await t.app.inject({ url: '/api/email_settings', headers: { cookie: admin.cookie } })
      ).json();
    await setSetting('emailService', undefined);
    expect(await read()).toEqual({ serviceName: 'bronto' });
    await setSetting('emailService', { serviceName: 'sendInBlue' });
    expect(await read()).toEqual({ serviceName: 'sendInBlue' });
    await setSetting('emailService', { serviceName: 'mailchimp' });
    expect(await read()).toEqual({ serviceName: 'bronto' });
  });
});
