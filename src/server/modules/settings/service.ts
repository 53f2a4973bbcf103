// Site-wide settings: rows of `settings` (key -> JSON). A missing or malformed value reads as
// the default, so a fresh database behaves like a configured one.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { DbOrTx } from '../../core/database';
import { settings } from '../../db/schema';
import { EMAIL_SERVICES, type EmailService } from '../../../common/constants';
import type { FrontPage } from '../../../common/schemas/settings';
import { FRONT_PAGE_SLOT, imageUrlOrNull, slotHash } from '../uploads';

export const SETTING_KEYS = { frontPage: 'frontPage', emailService: 'emailService' } as const;

const frontPageValue = z.object({ imageLinkURL: z.string().catch('') }).catch({ imageLinkURL: '' });
const emailServiceValue = z
  .object({ serviceName: z.enum(EMAIL_SERVICES).catch('bronto') })
  .catch({ serviceName: 'bronto' });

async function readSetting(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .limit(1);
  return row?.value;
}

/** 'bronto' (the default) or 'sendInBlue': which list-id field of a chapter names its list. */
export async function getEmailService(db: DbOrTx): Promise<EmailService> {
  return emailServiceValue.parse(await readSetting(db, SETTING_KEYS.emailService)).serviceName;
}

/** The call-out's link, and its image (the front page slot's, uploads/slots.ts) by its hash. */
export async function getFrontPage(db: Db): Promise<FrontPage> {
  const [value, hash] = await Promise.all([
    readSetting(db, SETTING_KEYS.frontPage),
    slotHash(db, FRONT_PAGE_SLOT),
  ]);
  const { imageLinkURL } = frontPageValue.parse(value);
  return { imageLinkURL, imageUrl: imageUrlOrNull(hash) };
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
