// Where uploaded images are shown, and their URLs. A slot is a place that shows one image: a
// chapter's header, the front page's call-out. Slots are named as the files were under
// DATA_DIR/uploads, so that the URLs pages and emails already carry keep working
// (/assets/images/uploads/chapter_header_12.jpg serves the chapter's current image).
import { sql, type AnyColumn } from 'drizzle-orm';

/** The spec's path for uploaded images (spec 1 §7); both kinds of URL live under it. */
export const UPLOADS_URL = '/assets/images/uploads';

export const FRONT_PAGE_SLOT = 'front_page';

export const chapterHeaderSlot = (chapterId: number) => `chapter_header_${chapterId}`;

/** The same name in SQL, to read a chapter's header image with its row (chapters/chapter.ts). */
export const chapterHeaderSlotSql = (chapterId: AnyColumn) =>
  sql`'chapter_header_' || ${chapterId}`;

/** The chapter whose header the slot shows, or null for another slot (the front page's). */
export function chapterIdOfSlot(slot: string): number | null {
  const id = /^chapter_header_(\d+)$/.exec(slot)?.[1];
  return id === undefined ? null : Number(id);
}

/** The largest id a chapter can have (an integer column). */
const MAX_CHAPTER_ID = 2_147_483_647;

/**
 * A slot's name as the file of the old URL, `chapter_header_12.jpg`, or null; null too for a
 * chapter id no chapter can have, which PostgreSQL would refuse as out of range where it is
 * compared with chapters' ids (the start-up import, importFiles.ts).
 */
export function slotOfFile(file: string): string | null {
  const match = /^(?:chapter_header_([1-9][0-9]{0,9})|front_page)\.jpg$/.exec(file);
  if (!match) return null;
  const chapterId = match[1];
  if (chapterId === undefined) return FRONT_PAGE_SLOT;
  return Number(chapterId) <= MAX_CHAPTER_ID ? chapterHeaderSlot(Number(chapterId)) : null;
}

/** The hash of the image at an `<sha256 hex>.jpg` URL, or null. */
export function hashOfFile(file: string): string | null {
  const match = /^([0-9a-f]{64})\.jpg$/.exec(file);
  return match ? match[1]! : null;
}

/**
 * The URL of an image by its hash: the same URL always means the same bytes, so it is cached for
 * good. `.jpg`: every stored image is a JPEG (uploads are re-encoded by toJpeg, and the start-up
 * import takes JPEG files only); another type would need its own extension here.
 */
export const imageUrl = (hash: string) => `${UPLOADS_URL}/${hash}.jpg`;

export const imageUrlOrNull = (hash: string | null | undefined) => (hash ? imageUrl(hash) : null);
