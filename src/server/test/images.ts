// What the database holds of uploaded images, for tests: the bytes a slot shows.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { imageSlots, images } from '../db/schema';
import { chapterHeaderSlot, FRONT_PAGE_SLOT } from '../modules/uploads/slots';

/** The bytes of the image the slot shows, or null when it shows none. */
export async function slotBytes(db: Db, slot: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ bytes: images.bytes })
    .from(imageSlots)
    .innerJoin(images, eq(images.hash, imageSlots.hash))
    .where(eq(imageSlots.slot, slot));
  return row?.bytes ?? null;
}

export const storedHeader = (db: Db, chapterId: number) =>
  slotBytes(db, chapterHeaderSlot(chapterId));

export const storedFrontPage = (db: Db) => slotBytes(db, FRONT_PAGE_SLOT);

/** An image's URL by hash, as answers name it: /assets/images/uploads/<sha256 hex>.jpg */
export const HASHED_URL = /^\/assets\/images\/uploads\/[0-9a-f]{64}\.jpg$/;
