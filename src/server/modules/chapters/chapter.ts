// One chapter in full, by slug or by id: summary, about, list ids and its hosts. A hidden
// chapter is a 404 for anyone without host-level access, the same 404 as a chapter that never
// existed.
import { and, asc, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapterTypes, chapters, permissions, roles, users } from '../../db/schema';
import { LIMITS, ROLE } from '../../../common/constants';
import { chapterTimeZone } from '../geo/timezone';
import { upcomingOf } from './nextEvent';
import { loadExceptions } from '../events/exceptions';
import { hasHostAccess } from '../../../common/policy';
import type { User } from '../../../common/schemas/auth';
import type { Chapter, ChapterPermission } from '../../../common/schemas/chapters';
import { sanitizeRichText } from '../content/sanitize';
import { loadDetails, toEvent, toSummary } from './summaries';
import { chapterNotFound, chapterVisibleTo } from './visibility';

export function getChapterBySlug(db: Db, user: User | null, slug: string): Promise<Chapter> {
  return getChapter(db, user, eq(chapters.slug, slug));
}

export function getChapterById(db: Db, user: User | null, id: number): Promise<Chapter> {
  return getChapter(db, user, eq(chapters.id, id));
}

async function getChapter(db: Db, user: User | null, which: SQL): Promise<Chapter> {
  const [found] = await db
    .select({ chapter: chapters, type: chapterTypes })
    .from(chapters)
    .innerJoin(chapterTypes, eq(chapters.chapterTypeId, chapterTypes.id))
    .where(and(which, chapterVisibleTo(user)))
    .limit(1);
  if (!found) throw chapterNotFound();
  const { chapter, type } = found;
  const [{ eventRows, lastPostBy }, people, exceptions] = await Promise.all([
    loadDetails(db, eq(chapters.id, chapter.id)),
    db
      .select({ permission: permissions, role: roles, user: users })
      .from(permissions)
      .innerJoin(roles, eq(roles.id, permissions.roleId))
      .innerJoin(users, eq(users.id, permissions.userId))
      .where(and(eq(permissions.chapterId, chapter.id), ne(permissions.roleId, ROLE.admin)))
      // Hosts (3) before field organizers (2), each by name.
      .orderBy(desc(permissions.roleId), asc(users.name), asc(users.id)),
    loadExceptions(db, eq(chapters.id, chapter.id)),
  ]);
  // Contact details of the people behind a chapter are for those who run it with them.
  const showEmails = hasHostAccess(user, chapter.id);
  const chapterPermissions: ChapterPermission[] = people.map((p) => ({
    id: p.permission.id,
    roleId: p.permission.roleId,
    role: { id: p.role.id, name: p.role.name },
    chapterId: chapter.id,
    createdAt: p.permission.createdAt.toISOString(),
    user: { id: p.user.id, name: p.user.name, email: showEmails ? p.user.email : null },
  }));
  const events = eventRows.get(chapter.id) ?? [];
  const summary = toSummary(chapter, type, events.map(toEvent), lastPostBy.get(chapter.id) ?? null);
  return {
    ...summary,
    about: sanitizeRichText(chapter.about),
    emailDomain: type.mailDomain,
    brontoListName: chapter.brontoListName,
    brontoListId: chapter.brontoListId,
    sendInBlueListId: chapter.sendInBlueListId,
    permissions: chapterPermissions,
    timeZone: chapterTimeZone(chapter, events),
    upcoming: upcomingOf(chapter, events, new Date(), LIMITS.nextEventDates, exceptions),
  };
}
