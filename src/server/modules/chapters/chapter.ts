// One chapter in full, by slug or by id: summary, about, list ids and its hosts. A hidden
// chapter is a 404 for anyone without host-level access, the same 404 as a chapter that never
// existed.
//
// The hottest read of the site: three prepared statements, the chapter (with its type and
// 'Last Active' date, kept on the row) first, then its events with their exceptions and its
// people, in parallel. Visibility is checked on the row with canSeeChapter, the same rule
// chapterVisibleTo applies in SQL, so that the statement does not vary with the caller.
import { and, asc, desc, eq, gte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import {
  chapterEventExceptions,
  chapterEvents,
  chapterTypes,
  chapters,
  permissions,
  roles,
  users,
} from '../../db/schema';
import { LIMITS, ROLE } from '../../../common/constants';
import { chapterTimeZone } from '../geo/timezone';
import { upcomingOf } from './nextEvent';
import { exceptionCutoff, toDateException } from '../events/exceptions';
import { canSeeChapter, hasHostAccess } from '../../../common/policy';
import type { DateException } from '../../../common/recurrence';
import type { User } from '../../../common/schemas/auth';
import type { Chapter, ChapterPermission } from '../../../common/schemas/chapters';
import { sanitizeRichText } from '../content/sanitize';
import { toEvent, toSummary, type ChapterRow, type EventRow, type TypeRow } from './summaries';
import { chapterNotFound } from './visibility';

function chapterWithType(db: Db) {
  return db
    .select({ chapter: chapters, type: chapterTypes })
    .from(chapters)
    .innerJoin(chapterTypes, eq(chapters.chapterTypeId, chapterTypes.id));
}

const bySlug = preparedPerDb((db) =>
  chapterWithType(db)
    .where(eq(chapters.slug, sql.placeholder('slug')))
    .limit(1)
    .prepare('chapter_by_slug'),
);

const byId = preparedPerDb((db) =>
  chapterWithType(db)
    .where(eq(chapters.id, sql.placeholder('id')))
    .limit(1)
    .prepare('chapter_by_id'),
);

/** The chapter's events, each with its skipped and moved dates that can still matter. */
const eventsWithExceptions = preparedPerDb((db) =>
  db
    .select({ event: chapterEvents, exception: chapterEventExceptions })
    .from(chapterEvents)
    .leftJoin(
      chapterEventExceptions,
      and(
        eq(chapterEventExceptions.eventId, chapterEvents.id),
        or(
          gte(chapterEventExceptions.date, sql.placeholder('cutoff')),
          gte(chapterEventExceptions.movedToDate, sql.placeholder('cutoff')),
        ),
      ),
    )
    .where(eq(chapterEvents.chapterId, sql.placeholder('chapterId')))
    .orderBy(asc(chapterEvents.id), asc(chapterEventExceptions.date))
    .prepare('chapter_events_with_exceptions'),
);

/** Hosts (3) before field organizers (2), each by name. */
const people = preparedPerDb((db) =>
  db
    .select({ permission: permissions, role: roles, user: users })
    .from(permissions)
    .innerJoin(roles, eq(roles.id, permissions.roleId))
    .innerJoin(users, eq(users.id, permissions.userId))
    .where(
      and(
        eq(permissions.chapterId, sql.placeholder('chapterId')),
        ne(permissions.roleId, ROLE.admin),
      ),
    )
    .orderBy(desc(permissions.roleId), asc(users.name), asc(users.id))
    .prepare('chapter_people'),
);

export async function getChapterBySlug(db: Db, user: User | null, slug: string): Promise<Chapter> {
  const [found] = await bySlug(db).execute({ slug });
  return fullChapter(db, user, found);
}

export async function getChapterById(db: Db, user: User | null, id: number): Promise<Chapter> {
  const [found] = await byId(db).execute({ id });
  return fullChapter(db, user, found);
}

/** A chapter's events in id order, and the skipped and moved dates of each that still matter. */
async function meetingsOf(db: Db, chapterId: number, now: Date) {
  const rows = await eventsWithExceptions(db).execute({ chapterId, cutoff: exceptionCutoff(now) });
  const events: EventRow[] = [];
  const exceptions = new Map<number, DateException[]>();
  for (const { event, exception } of rows) {
    if (events.at(-1)?.id !== event.id) events.push(event);
    if (!exception) continue;
    const list = exceptions.get(event.id) ?? [];
    list.push(toDateException(exception));
    exceptions.set(event.id, list);
  }
  return { events, exceptions };
}

export interface ChapterMeetings {
  chapter: ChapterRow;
  type: TypeRow;
  events: EventRow[];
  exceptions: Map<number, DateException[]>;
  timeZone: string;
}

/** What a calendar feed needs of a chapter (by slug): its events, their changes, its zone. */
export async function getChapterMeetings(
  db: Db,
  user: User | null,
  slug: string,
  now: Date,
): Promise<ChapterMeetings> {
  const [found] = await bySlug(db).execute({ slug });
  if (!found || !canSeeChapter(user, found.chapter)) throw chapterNotFound();
  const { events, exceptions } = await meetingsOf(db, found.chapter.id, now);
  const timeZone = chapterTimeZone(found.chapter, events);
  return { ...found, events, exceptions, timeZone };
}

async function fullChapter(
  db: Db,
  user: User | null,
  found: { chapter: ChapterRow; type: TypeRow } | undefined,
): Promise<Chapter> {
  if (!found || !canSeeChapter(user, found.chapter)) throw chapterNotFound();
  const { chapter, type } = found;
  const now = new Date();
  const [{ events, exceptions }, peopleRows] = await Promise.all([
    meetingsOf(db, chapter.id, now),
    people(db).execute({ chapterId: chapter.id }),
  ]);
  // Contact details of the people behind a chapter are for those who run it with them.
  const showEmails = hasHostAccess(user, chapter.id);
  const chapterPermissions: ChapterPermission[] = peopleRows.map((p) => ({
    id: p.permission.id,
    roleId: p.permission.roleId,
    role: { id: p.role.id, name: p.role.name },
    chapterId: chapter.id,
    createdAt: p.permission.createdAt.toISOString(),
    user: { id: p.user.id, name: p.user.name, email: showEmails ? p.user.email : null },
  }));
  const summary = toSummary(chapter, type, events.map(toEvent), chapter.lastActiveAt);
  return {
    ...summary,
    about: sanitizeRichText(chapter.about),
    emailDomain: type.mailDomain,
    brontoListName: chapter.brontoListName,
    brontoListId: chapter.brontoListId,
    sendInBlueListId: chapter.sendInBlueListId,
    permissions: chapterPermissions,
    timeZone: chapterTimeZone(chapter, events),
    upcoming: upcomingOf(chapter, events, now, LIMITS.nextEventDates, exceptions),
  };
}
