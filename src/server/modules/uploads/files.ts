// Uploaded images live in DATA_DIR/uploads and are served under the spec's path
// /assets/images/uploads/{file}. Screens ask whether one exists before showing it, so a missing
// image is never a failed request in the browser.
import { access } from 'node:fs/promises';
import path from 'node:path';

export const UPLOADS_URL = '/assets/images/uploads';

export const chapterHeaderFile = (chapterId: number) => `chapter_header_${chapterId}.jpg`;

/** The image's URL, cache-busted by nothing: callers add ?v= after an upload. */
export async function uploadUrlIfExists(uploadsDir: string, file: string): Promise<string | null> {
  return access(path.join(uploadsDir, file)).then(
    () => `${UPLOADS_URL}/${file}`,
    () => null,
  );
}

/** The chapter page shows its header image only when there is one (spec 1 §2). */
export function headerImageOf(uploadsDir: string) {
  return async <C extends { id: number }>(chapter: C) => ({
    ...chapter,
    headerImageUrl: await uploadUrlIfExists(uploadsDir, chapterHeaderFile(chapter.id)),
  });
}
