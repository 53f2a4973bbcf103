// Start-up: the images earlier versions kept as files in DATA_DIR/uploads (chapter_header_12.jpg,
// front_page.jpg) move into the database once. A file is read only when its slot shows no image
// yet, so the second start reads none and changes nothing, and an image uploaded since the file
// was written wins over it. Several servers starting at once are safe: the same bytes are one
// row, and one of them fills the slot (store.ts showImageIfEmpty). Files are never deleted: the
// operator removes the folder once the log says every file is in.
import { readdirSync, readFileSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapters } from '../../db/schema';
import { sniffFormat } from './imageFormats';
import { JPEG } from './images';
import { chapterIdOfSlot, slotOfFile } from './slots';
import { filledSlots, showImageIfEmpty } from './store';

export interface ImportLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface ImportReport {
  /** Files whose image now shows in their slot. */
  moved: string[];
  /** Files whose slot already showed an image (moved on an earlier start, or replaced since). */
  present: string[];
  /** Files left out, with why: not a JPEG, or a header for no chapter. */
  skipped: { file: string; why: string }[];
}

function filesIn(dir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return []; // no uploads folder: nothing was ever uploaded here
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
}

/** The ids of the chapters that exist, of those named. */
async function existingChapters(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: chapters.id }).from(chapters).where(inArray(chapters.id, ids));
  return new Set(rows.map((row) => row.id));
}

export async function importUploadedFiles(
  db: Db,
  uploadsDir: string,
  log: ImportLog,
): Promise<ImportReport> {
  const report: ImportReport = { moved: [], present: [], skipped: [] };
  const bySlot = new Map<string, string>();
  for (const file of filesIn(uploadsDir)) {
    const slot = slotOfFile(file);
    if (slot) bySlot.set(slot, file);
  }
  if (bySlot.size === 0) return report;

  const filled = await filledSlots(db, [...bySlot.keys()]);
  const headerIds = [...bySlot.keys()].map(chapterIdOfSlot).filter((id) => id !== null);
  // A header for a chapter that is gone (or a database started afresh beside an old folder)
  // would otherwise show on whichever chapter is given that id next.
  const chaptersThere = await existingChapters(db, headerIds);
  for (const [slot, file] of bySlot) {
    if (filled.has(slot)) {
      report.present.push(file);
      continue;
    }
    const chapterId = chapterIdOfSlot(slot);
    if (chapterId !== null && !chaptersThere.has(chapterId)) {
      report.skipped.push({ file, why: `there is no chapter ${chapterId}` });
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = readFileSync(path.join(uploadsDir, file));
    } catch (err) {
      report.skipped.push({ file, why: err instanceof Error ? err.message : String(err) });
      continue;
    }
    if (sniffFormat(bytes) !== 'jpeg') {
      report.skipped.push({ file, why: 'it is not a JPEG image' });
      continue;
    }
    if (await showImageIfEmpty(db, slot, bytes, JPEG)) report.moved.push(file);
    else report.present.push(file); // another server moved it this moment
  }

  for (const file of report.moved) {
    log.info(`Moved ${path.join(uploadsDir, file)} into the database (left on disk).`);
  }
  for (const { file, why } of report.skipped) {
    log.warn(`Left ${path.join(uploadsDir, file)} out of the database: ${why}.`);
  }
  if (report.present.length > 0) {
    log.info(
      `${report.present.length} image file(s) in ${uploadsDir} were in the database already.`,
    );
  }
  if (report.skipped.length === 0) {
    log.info(`Every image file in ${uploadsDir} is in the database: the folder is no longer used.`);
  }
  return report;
}
