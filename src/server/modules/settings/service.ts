// Site-wide settings: rows of `settings` (key -> JSON). A missing or malformed value reads as
// the default, so a fresh database behaves like a configured one.
import { access } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { EMAIL_SERVICES, type EmailService } from '../../../common/constants';
import type { FrontPage } from '../../../common/schemas/settings';

export const SETTING_KEYS = { frontPage: 'frontPage', emailService: 'emailService' } as const;

/** Where the uploaded call-out image lives, under the uploads directory and on the web. */
export const FRONT_PAGE_IMAGE_FILE = 'front_page.jpg';
export const FRONT_PAGE_IMAGE_URL = `/assets/images/uploads/${FRONT_PAGE_IMAGE_FILE}`;

const frontPageValue = z.object({ imageLinkURL: z.string().catch('') }).catch({ imageLinkURL: '' });
const emailServiceValue = z
  .object({ serviceName: z.enum(EMAIL_SERVICES).catch('bronto') })
  .catch({ serviceName: 'bronto' });

async function readSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .limit(1);
  return row?.value;
}

/** 'bronto' (the default) or 'sendInBlue': which list-id field of a chapter names its list. */
export async function getEmailService(db: Db): Promise<EmailService> {
  return emailServiceValue.parse(await readSetting(db, SETTING_KEYS.emailService)).serviceName;
}

export async function getFrontPage(db: Db, uploadsDir: string): Promise<FrontPage> {
  const { imageLinkURL } = frontPageValue.parse(await readSetting(db, SETTING_KEYS.frontPage));
  const hasImage = await access(path.join(uploadsDir, FRONT_PAGE_IMAGE_FILE)).then(
    () => true,
    () => false,
  );
  return { imageLinkURL, imageUrl: hasImage ? FRONT_PAGE_IMAGE_URL : null };
}

async function writeSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

export function saveFrontPageLink(db: Db, imageLinkURL: string): Promise<void> {
  return writeSetting(db, SETTING_KEYS.frontPage, { imageLinkURL });
}

export function saveEmailService(db: Db, serviceName: EmailService): Promise<void> {
  return writeSetting(db, SETTING_KEYS.emailService, { serviceName });
}
