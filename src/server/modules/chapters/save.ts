// Saving a chapter's settings and page content (POST /api/chapter). The caller needs host-level
// access to the chapter at all, and then each field it changes must be one its role may change
// (policy.ts CHAPTER_FIELD_ACCESS): a field sent unchanged is not a change, so a form may send
// the whole chapter back.
import { and, eq } from 'drizzle-orm';
import { CHAPTER_STATUS } from '../../../common/constants';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { chapters, LIST_ID_INDEXES } from '../../db/schema';
import type { NewChapterRow } from '../../db/schema';
import {
  CHAPTER_FIELD_ACCESS,
  mayChangeChapterField,
  mayUseAliasName,
  type ChapterFieldName,
} from '../../../common/policy';
import { RESERVED_ALIAS_MESSAGE } from '../../../common/reservedAliases';
import type { User } from '../../../common/schemas/auth';
import {
  CHANGE_RULES,
  CHAPTER_SETTINGS_MESSAGES,
  type ChapterSaveRequest,
} from '../../../common/schemas/chapterSettings';
import { fieldError, HttpError } from '../../core/httpError';
import { sanitizeRichText } from '../../core/sanitize';
import { requireChapterHostAccess } from '../../core/access';
import { ALIAS_ADDRESS_INDEX, ALIAS_TAKEN, checkMailSettings, LIST_TAKEN } from './mailSettings';

const FIELDS = Object.keys(CHAPTER_FIELD_ACCESS) as ChapterFieldName[];

const ifSet = <T>(value: T | undefined, rule: (v: T) => string | null) =>
  value === undefined ? null : rule(value);

/** Saves; answers whether the save made a hidden chapter active (its hosts are told). */
export async function saveChapter(
  db: Db,
  user: User,
  request: ChapterSaveRequest,
): Promise<{ activated: boolean }> {
  const current = await requireChapterHostAccess(db, user, request.id);
  const changes: Partial<NewChapterRow> = {};
  for (const field of FIELDS) {
    const value = request[field];
    if (value === undefined) continue;
    const next = field === 'about' ? sanitizeRichText(value as string) : value;
    if (next === current[field]) continue;
    Object.assign(changes, { [field]: next });
  }
  // Values a chapter may hold but a change may not set (a type off the radio, a blank list name).
  const invalid = [
    { field: 'chapterTypeId', message: ifSet(changes.chapterTypeId, CHANGE_RULES.chapterTypeId) },
    {
      field: 'brontoListName',
      message: ifSet(changes.brontoListName, CHANGE_RULES.brontoListName),
    },
    { field: 'slug', message: ifSet(changes.slug, CHANGE_RULES.slug) },
  ].flatMap(({ field, message }) => (message ? [{ field: `body.${field}`, message }] : []));
  if (invalid.length > 0) {
    throw new HttpError(400, `Invalid request: ${invalid.map((f) => f.field).join(', ')}`, invalid);
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
  if (Object.keys(changes).length === 0) return { activated: false };
  if (changes.emailAlias !== undefined && !mayUseAliasName(user, changes.emailAlias)) {
    throw fieldError(400, 'body.emailAlias', RESERVED_ALIAS_MESSAGE);
  }
  await checkMailSettings(db, current, changes);
  try {
    // Only the save that changes the stored status says so: of two saves at once, one does.
    const [row] = await db
      .update(chapters)
      .set(changes)
      .where(
        changes.status === CHAPTER_STATUS.active
          ? and(eq(chapters.id, current.id), eq(chapters.status, CHAPTER_STATUS.hidden))
          : eq(chapters.id, current.id),
      )
      .returning({ id: chapters.id });
    if (changes.status === CHAPTER_STATUS.active && !row) {
      // Made active meanwhile by someone else: save the rest, the hosts were told once.
      const { status: _status, ...rest } = changes;
      if (Object.keys(rest).length > 0) {
        await db.update(chapters).set(rest).where(eq(chapters.id, current.id));
      }
      return { activated: false };
    }
    return { activated: changes.status === CHAPTER_STATUS.active };
  } catch (err) {
    // The unique index is the one check of a taken slug: a check before the update could
    // still lose a race to another save.
    if (isUniqueViolation(err, 'chapters_slug_uq')) {
      throw fieldError(409, 'body.slug', 'Another chapter already uses this slug.');
    }
    // Two chapters saving one address at once both pass checkMailSettings; the alias table's
    // index lets one win (the database's trigger raises the same for an address already held).
    if (isUniqueViolation(err, ALIAS_ADDRESS_INDEX)) {
      throw fieldError(409, 'body.emailAlias', ALIAS_TAKEN);
    }
    // Two saves naming one list at once both pass checkMailSettings; the index lets one win.
    for (const [index, field] of LIST_ID_INDEXES) {
      if (isUniqueViolation(err, index)) throw fieldError(409, `body.${field}`, LIST_TAKEN);
    }
    throw err;
  }
}
