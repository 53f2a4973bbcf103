// Saving a chapter's settings and page content (POST /api/chapter). The caller needs host-level
// access to the chapter at all, and then each field it changes must be one its role may change
// (policy.ts CHAPTER_FIELD_ACCESS): a field sent unchanged is not a change, so a form may send
// the whole chapter back.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { chapters } from '../../db/schema';
import {
  CHAPTER_FIELD_ACCESS,
  mayChangeChapterField,
  type ChapterFieldName,
} from '../../../common/policy';
import type { User } from '../../../common/schemas/auth';
import {
  CHAPTER_SETTINGS_MESSAGES,
  type ChapterSaveRequest,
} from '../../../common/schemas/chapterSettings';
import { fieldError, HttpError } from '../../plugins/errors';
import { sanitizeRichText } from '../content/sanitize';
import { requireChapterHostAccess } from './access';
import { checkMailSettings } from './mailSettings';

const FIELDS = Object.keys(CHAPTER_FIELD_ACCESS) as ChapterFieldName[];

export async function saveChapter(db: Db, user: User, request: ChapterSaveRequest): Promise<void> {
  const current = await requireChapterHostAccess(db, user, request.id);
  const changes: Partial<typeof chapters.$inferInsert> = {};
  for (const field of FIELDS) {
    const value = request[field];
    if (value === undefined) continue;
    const next = field === 'about' ? sanitizeRichText(value as string) : value;
    if (next === current[field]) continue;
    Object.assign(changes, { [field]: next });
  }
  const refused = (Object.keys(changes) as ChapterFieldName[]).filter(
    (field) => !mayChangeChapterField(user, current.id, field),
  );
  if (refused.length > 0) {
    const slugOnly = refused.length === 1 && refused[0] === 'slug';
    const message = slugOnly
      ? 'Only admins may change the slug.'
      : CHAPTER_SETTINGS_MESSAGES.notFieldOrganizer;
    throw new HttpError(
      403,
      message,
      refused.map((field) => ({ field: `body.${field}`, message })),
    );
  }
  if (Object.keys(changes).length === 0) return;
  await checkMailSettings(db, current, changes);
  try {
    await db.update(chapters).set(changes).where(eq(chapters.id, current.id));
  } catch (err) {
    // The unique index is the one check of a taken slug: a check before the update could
    // still lose a race to another save.
    if (isUniqueViolation(err, 'chapters_slug_uq')) {
      throw fieldError(409, 'body.slug', 'Another chapter already uses this slug.');
    }
    throw err;
  }
}
