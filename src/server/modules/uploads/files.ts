// Uploaded images live in DATA_DIR/uploads and are served under the spec's path
// /assets/images/uploads/{file}. Screens ask whether one exists before showing it, so a missing
// image is never a failed request in the browser.
import { statSync } from 'node:fs';
import path from 'node:path';

export const UPLOADS_URL = '/assets/images/uploads';

export const chapterHeaderFile = (chapterId: number) => `chapter_header_${chapterId}.jpg`;

/**
 * The image's URL, cache-busted by nothing: callers add ?v= after an upload.
 * One stat that reports a missing file without throwing: most chapters have no header image, and
 * the asynchronous check's error (a stack trace, a trip through the thread pool) was a tenth of
 * the CPU of building a chapter's answer. It runs only when an answer is built, not when a kept
 * one is served.
 */
export function uploadUrlIfExists(uploadsDir: string, file: string): string | null {
  return statSync(path.join(uploadsDir, file), { throwIfNoEntry: false })?.isFile()
    ? `${UPLOADS_URL}/${file}`
    : null;
}

/** The chapter page shows its header image only when there is one (spec 1 §2). */
export function headerImageOf(uploadsDir: string) {
  return <C extends { id: number }>(chapter: C) => ({
    ...chapter,
    headerImageUrl: uploadUrlIfExists(uploadsDir, chapterHeaderFile(chapter.id)),
  });
}
