// Images in the database (db/schema/images.ts): stored by the hash of their bytes, shown in
// slots. Every app server reads the same rows, so an image uploaded through one is served by all.
import { createHash } from 'node:crypto';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isForeignKeyViolation } from '../../db/errors';
import { preparedPerDb } from '../../db/prepared';
import type { DbOrTx, Tx } from '../../core/database';
import { chapters, imageSlots, images } from '../../db/schema';

export interface StoredImage {
  hash: string;
  contentType: string;
  bytes: Buffer;
}

/** SHA-256 of the bytes, in hex: an image's name, its URL's and its ETag. */
export const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The image's row, once whoever stores the same bytes first (they are the same image). */
async function insertImage(tx: DbOrTx, bytes: Buffer, contentType: string): Promise<string> {
  const hash = hashOf(bytes);
  await tx
    .insert(images)
    .values({ hash, contentType, size: bytes.length, bytes })
    .onConflictDoNothing({ target: images.hash });
  return hash;
}

/** What a slot's change did: the image it shows now, and the one deleted as no slot shows it. */
export interface SlotChange {
  hash: string | null;
  /** Gone from storage: whoever keeps images by hash forgets it (changed.imageGone). */
  deleted: string | null;
}

/**
 * Deletes the image if no slot shows it (issue 31: every replaced image stayed, a host could
 * fill the disk and old images stayed public). Within a savepoint: an upload of the same bytes
 * into another slot at this moment keeps it (the foreign key refuses the delete).
 */
async function deleteIfUnshown(tx: Tx, hash: string): Promise<boolean> {
  try {
    return await tx.transaction(async (sp) => {
      const gone = await sp
        .delete(images)
        .where(
          and(
            eq(images.hash, hash),
            notExists(sp.select().from(imageSlots).where(eq(imageSlots.hash, hash))),
          ),
        )
        .returning({ hash: images.hash });
      return gone.length > 0;
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) return false;
    throw err;
  }
}

/** The slot's image before a change, its row locked until the change commits. */
async function shownBefore(tx: Tx, slot: string): Promise<string | null> {
  const [row] = await tx
    .select({ hash: imageSlots.hash })
    .from(imageSlots)
    .where(eq(imageSlots.slot, slot))
    .for('update');
  return row?.hash ?? null;
}

/** Stores the image and shows it in the slot, in place of what the slot showed (deleted). */
export function showImage(
  db: DbOrTx,
  slot: string,
  bytes: Buffer,
  contentType: string,
): Promise<SlotChange & { hash: string }> {
  return db.transaction(async (tx) => {
    const before = await shownBefore(tx, slot);
    const hash = await insertImage(tx, bytes, contentType);
    await tx
      .insert(imageSlots)
      .values({ slot, hash })
      .onConflictDoUpdate({ target: imageSlots.slot, set: { hash, updatedAt: new Date() } });
    const deleted = before && before !== hash && (await deleteIfUnshown(tx, before));
    return { hash, deleted: deleted ? before : null };
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
    if (filled.length === 0) await deleteIfUnshown(tx, hash);
    return filled.length > 0;
  });
}

/** The slot shows nothing; its image is deleted unless another slot shows it. */
export function clearSlot(db: Db, slot: string): Promise<SlotChange> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(imageSlots)
      .where(eq(imageSlots.slot, slot))
      .returning({ hash: imageSlots.hash });
    const deleted = row && (await deleteIfUnshown(tx, row.hash));
    return { hash: null, deleted: deleted ? row.hash : null };
  });
}

/**
 * Deletes every image no slot shows: those replaced or cleared before images were deleted with
 * their slot (issue 31). Run at start; how many went. An upload of the same bytes meanwhile
 * keeps them (the foreign key refuses, and the next start tries again).
 */
export async function deleteUnshownImages(db: Db): Promise<number> {
  try {
    const gone = await db
      .delete(images)
      .where(notExists(db.select().from(imageSlots).where(eq(imageSlots.hash, images.hash))))
      .returning({ hash: images.hash });
    return gone.length;
  } catch (err) {
    if (isForeignKeyViolation(err)) return 0;
    throw err;
  }
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

const chapterStatusQuery = preparedPerDb((db) =>
  db
    .select({ status: chapters.status })
    .from(chapters)
    .where(eq(chapters.id, sql.placeholder('id')))
    .prepare('image_chapter_status'),
);

/** The status of the chapter whose header a slot is, or null when there is no such chapter. */
export async function chapterStatus(db: Db, chapterId: number): Promise<number | null> {
  const [row] = await chapterStatusQuery(db).execute({ id: chapterId });
  return row?.status ?? null;
}
