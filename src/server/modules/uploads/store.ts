// Images in the database (db/schema/images.ts): stored by the hash of their bytes, shown in
// slots. Every app server reads the same rows, so an image uploaded through one is served by all.
import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { imageSlots, images } from '../../db/schema';

export interface StoredImage {
  hash: string;
  contentType: string;
  bytes: Buffer;
}

/** SHA-256 of the bytes, in hex: an image's name, its URL's and its ETag. */
export const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The image's row, once whoever stores the same bytes first (they are the same image). */
async function insertImage(tx: Db | Tx, bytes: Buffer, contentType: string): Promise<string> {
  const hash = hashOf(bytes);
  await tx
    .insert(images)
    .values({ hash, contentType, size: bytes.length, bytes })
    .onConflictDoNothing({ target: images.hash });
  return hash;
}

/** Stores the image and shows it in the slot, in place of what the slot showed. Its hash. */
export function showImage(db: Db, slot: string, bytes: Buffer, contentType: string) {
  return db.transaction(async (tx) => {
    const hash = await insertImage(tx, bytes, contentType);
    await tx
      .insert(imageSlots)
      .values({ slot, hash })
      .onConflictDoUpdate({ target: imageSlots.slot, set: { hash, updatedAt: new Date() } });
    return hash;
  });
}

/**
 * Shows the image in the slot only if the slot shows none (the start-up import of old files: a
 * slot filled since is newer than the file). Whether it did. Safe when several servers run it at
 * once: the same bytes are one row, and one of them fills the slot.
 */
export function showImageIfEmpty(db: Db, slot: string, bytes: Buffer, contentType: string) {
  return db.transaction(async (tx) => {
    const hash = await insertImage(tx, bytes, contentType);
    const filled = await tx
      .insert(imageSlots)
      .values({ slot, hash })
      .onConflictDoNothing({ target: imageSlots.slot })
      .returning({ slot: imageSlots.slot });
    return filled.length > 0;
  });
}

/** The slot shows nothing. The image stays: URLs naming its hash were handed out for good. */
export async function clearSlot(db: Db, slot: string): Promise<void> {
  await db.delete(imageSlots).where(eq(imageSlots.slot, slot));
}

/** The names of the slots that show an image, of those asked about. */
export async function filledSlots(db: Db, slots: readonly string[]): Promise<Set<string>> {
  if (slots.length === 0) return new Set();
  const rows = await db
    .select({ slot: imageSlots.slot })
    .from(imageSlots)
    .where(inArray(imageSlots.slot, [...slots]));
  return new Set(rows.map((row) => row.slot));
}

const slotHashQuery = preparedPerDb((db) =>
  db
    .select({ hash: imageSlots.hash })
    .from(imageSlots)
    .where(eq(imageSlots.slot, sql.placeholder('slot')))
    .prepare('image_slot_hash'),
);

/** The hash of the image the slot shows, or null. */
export async function slotHash(db: Db, slot: string): Promise<string | null> {
  const [row] = await slotHashQuery(db).execute({ slot });
  return row?.hash ?? null;
}

const imageQuery = preparedPerDb((db) =>
  db
    .select({ hash: images.hash, contentType: images.contentType, bytes: images.bytes })
    .from(images)
    .where(eq(images.hash, sql.placeholder('hash')))
    .prepare('image_by_hash'),
);

export async function imageByHash(db: Db, hash: string): Promise<StoredImage | undefined> {
  const [row] = await imageQuery(db).execute({ hash });
  return row;
}
