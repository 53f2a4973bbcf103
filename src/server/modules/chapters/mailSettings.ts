// The chapter settings that point at mail: the email alias and the list ids. A chapter's list id
// is what its Members and Send Email screens work on, so a field organizer who could type in
// another chapter's list id (or a network list's) would read and mail that list. Each must be
// the chapter's own.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapters, chapterTypes, emailAliases } from '../../db/schema';
import type { ChapterRow, NewChapterRow } from '../../db/schema';
import { FIXED_BREVO_LISTS } from '../../../common/constants';
import { fieldError } from '../../core/httpError';

type Changes = Partial<NewChapterRow>;

const LIST_FIELDS = ['brontoListId', 'sendInBlueListId'] as const;
export const LIST_TAKEN = 'Another chapter already uses this list.';
export const CHAPTER_ALIAS_TAKEN = 'Another chapter already uses this email address.';
export const ALIAS_TAKEN = 'This email address is already an alias: choose another.';
/** The unique index of alias addresses, which a chapter's own alias is a row of. */
export const ALIAS_ADDRESS_INDEX = 'email_aliases_address_uq';
const FIXED_LIST_IDS = new Set<string>(FIXED_BREVO_LISTS.map((l) => String(l.id)));

/** Throws 400 or 409 naming the field when a change would share another chapter's mail. */
export async function checkMailSettings(db: Db, current: ChapterRow, changes: Changes) {
  for (const field of LIST_FIELDS) {
    // Canonical already (chapterSettings.ts listIdSchema): equal text is the same list.
    const listId = changes[field];
    if (!listId) continue;
    if (FIXED_LIST_IDS.has(listId)) {
      throw fieldError(400, `body.${field}`, 'This is a network-wide list, not a chapter list.');
    }
    const [other] = await db
      .select({ id: chapters.id })
      .from(chapters)
      .where(and(eq(chapters[field], listId), ne(chapters.id, current.id)))
      .limit(1);
    if (other) throw fieldError(409, `body.${field}`, LIST_TAKEN);
  }

  if (changes.emailAlias === undefined && changes.chapterTypeId === undefined) return;
  const alias = (changes.emailAlias ?? current.emailAlias).trim().toLowerCase();
  if (!alias) return;
  // The address is the alias at the type's mail domain: chapters of types that share a domain
  // share the address space.
  const typeId = changes.chapterTypeId ?? current.chapterTypeId;
  const sameDomain = sql`${chapters.chapterTypeId} in (
    select t.id from ${chapterTypes} t
    where t.mail_domain = (select mail_domain from ${chapterTypes} where id = ${typeId}))`;
  const [other] = await db
    .select({ id: chapters.id })
    .from(chapters)
    .where(
      and(
        eq(sql`lower(btrim(${chapters.emailAlias}))`, alias),
        sameDomain,
        ne(chapters.id, current.id),
      ),
    )
    .limit(1);
  if (other) throw fieldError(409, 'body.emailAlias', CHAPTER_ALIAS_TAKEN);
  // An admin's own alias at the address is not the chapter's to take over (nor, once taken,
  // to rename away). The database refuses it too (migration 0008), for saves that race.
  const [held] = await db
    .select({ id: emailAliases.id })
    .from(emailAliases)
    .where(
      and(
        eq(sql`lower(${emailAliases.localPart})`, alias),
        eq(
          sql`lower(${emailAliases.domain})`,
          sql`(select lower(mail_domain) from ${chapterTypes} where id = ${typeId})`,
        ),
        sql`${emailAliases.chapterId} is distinct from ${current.id}`,
      ),
    )
    .limit(1);
  if (held) throw fieldError(409, 'body.emailAlias', ALIAS_TAKEN);
}
