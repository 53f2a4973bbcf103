import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { signedInUser } from '../../test/users';
import { settings } from '../../db/schema';

const dataDir = mkdtempSync(path.join(tmpdir(), 'chapters-settings-'));
const image = path.join(dataDir, 'uploads', 'front_page.jpg');
let t: Awaited<ReturnType<typeof createTestApp>>;

async function setSetting(key: string, value: unknown) {
  await t.db.delete(settings).where(eq(settings.key, key));
  if (value !== undefined) await t.db.insert(settings).values({ key, value });
}

beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  await t.app.ready();
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /api/front_page', () => {
  beforeEach(() => rmSync(image, { force: true }));

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
    mkdirSync(path.dirname(image), { recursive: true });
    writeFileSync(image, 'jpeg');
    expect((await t.app.inject({ url: '/api/front_page' })).json()).toEqual({
      imageLinkURL: 'https://example.org/donate',
      imageUrl: '/assets/images/uploads/front_page.jpg',
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
