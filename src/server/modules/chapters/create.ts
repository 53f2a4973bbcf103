// Add Chapter (spec 2 §2, §4): a new chapter starts hidden. Made from a host application, the
// chapter, the application's approval and the applicant's host role are one transaction:
// either all three happen or none does.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  chapterHostApplications,
  chapters,
  chapterTypes,
  emailAliases,
  permissions,
} from '../../db/schema';
import type { ChapterHostApplicationRow, NewChapterRow } from '../../db/schema';
import { isReservedAlias } from '../../../common/reservedAliases';
import { isReservedChapterSlug } from '../../../common/reservedSlugs';
import {
  CHAPTER_STATUS,
  CHAPTER_TYPES,
  HOST_APPLICATION_TYPE_ID,
  ROLE,
  type HostApplicationStatus,
  type HostApplicationType,
} from '../../../common/constants';
import { APPLICATION_DECIDED_MESSAGES } from '../../../common/schemas/applications';
import type { NewChapterRequest } from '../../../common/schemas/chapterCreate';
import { fieldError } from '../../core/httpError';
import type { DbOrTx } from '../../core/database';
import { networkChapterSlug, slugify } from '../../core/slugify';
import { sanitizeRichText } from '../../core/sanitize';

type NewChapter = Omit<NewChapterRequest, 'about'> & { about: string; state: string };

async function insertWithFreeSlug(tx: DbOrTx, values: Omit<NewChapterRow, 'slug'>, base: string) {
  // The unique index decides: base, then base-2, base-3...; random after that. A reserved
  // word (common/reservedSlugs.ts) is never tried: `all` starts at all-2.
  for (let n = isReservedChapterSlug(base) ? 2 : 1; n <= 20; n += 1) {
    const slug =
      n === 1
        ? base
        : n < 20
          ? `${base}-${n}`
          : `${base}-${Math.random().toString(36).slice(2, 8)}`;
    const [row] = await tx
      .insert(chapters)
      .values({ ...values, slug })
      .onConflictDoNothing({ target: chapters.slug })
      .returning();
    if (row) return row;
  }
  throw new Error('could not find a free chapter slug');
}

/**
 * Creates the chapter (and approves the application) and answers the new chapter's id, and the
 * applicant made its host when it came from an application.
 */
export async function createChapter(
  db: Db,
  input: NewChapter,
): Promise<{ id: number; hostUserId: number | null }> {
  return db.transaction(async (tx) => {
    let application: ChapterHostApplicationRow | undefined;
    if (input.chapterHostApplicationSlug !== undefined) {
      // Locked, so two admins creating a chapter from one application make one chapter.
      [application] = await tx
        .select()
        .from(chapterHostApplications)
        .where(eq(chapterHostApplications.slug, input.chapterHostApplicationSlug))
        .for('update');
      if (!application) {
        throw fieldError(404, 'body.chapterHostApplicationSlug', 'Application not found.');
      }
      const status = application.status as HostApplicationStatus;
      if (status !== 'open') {
        throw fieldError(
          409,
          'body.chapterHostApplicationSlug',
          APPLICATION_DECIDED_MESSAGES[status],
        );
      }
    }
    const chapterTypeId =
      input.chapterTypeId ??
      (application && HOST_APPLICATION_TYPE_ID[application.type as HostApplicationType]) ??
      1;
    // From an application, the network's pattern (type and city, issue 35) rather than the bare
    // city the form's title starts as; otherwise the title the admin wrote.
    const typeName = CHAPTER_TYPES.find((type) => type.id === chapterTypeId)?.name;
    const base =
      application && typeName && slugify(input.city)
        ? networkChapterSlug(typeName, input.city)
        : slugify(input.title) || slugify(input.city) || 'chapter';
    const chapter = await insertWithFreeSlug(
      tx,
      {
        title: input.title,
        city: input.city,
        state: input.state,
        postalCode: input.postalCode,
        country: input.country,
        about: sanitizeRichText(input.about),
        status: CHAPTER_STATUS.hidden,
        chapterTypeId,
      },
      base,
    );
    // An address from the start (its slug, or slug-id when another alias of the same mail
    // domain holds it, or the slug is a reserved mailbox name): Chapter Settings requires one,
    // and an admin enabling the new chapter should not first have to invent it.
    const domain = sql`(select lower(mail_domain) from ${chapterTypes} where id = ${chapter.chapterTypeId})`;
    const [taken] = await tx
      .select({ id: chapters.id })
      .from(chapters)
      .innerJoin(chapterTypes, eq(chapterTypes.id, chapters.chapterTypeId))
      .where(
        and(
          eq(sql`lower(${chapters.emailAlias})`, chapter.slug),
          ne(chapters.id, chapter.id),
          eq(sql`lower(${chapterTypes.mailDomain})`, domain),
        ),
      )
      .union(
        tx
          .select({ id: emailAliases.id })
          .from(emailAliases)
          .where(
            and(
              eq(sql`lower(${emailAliases.localPart})`, chapter.slug),
              eq(sql`lower(${emailAliases.domain})`, domain),
            ),
          ),
      )
      .limit(1);
    const free = !taken && !isReservedAlias(chapter.slug);
    await tx
      .update(chapters)
      .set({ emailAlias: free ? chapter.slug : `${chapter.slug}-${chapter.id}` })
      .where(eq(chapters.id, chapter.id));
    if (application) {
      await tx
        .update(chapterHostApplications)
        .set({ status: 'approved', chapterId: chapter.id })
        .where(eq(chapterHostApplications.id, application.id));
      await tx
        .insert(permissions)
        .values({ userId: application.userId, roleId: ROLE.chapterHost, chapterId: chapter.id })
        .onConflictDoNothing();
    }
    return { id: chapter.id, hostUserId: application?.userId ?? null };
  });
}
