// One chapter in full, by slug or by id: summary, about, list ids and its hosts. A hidden
// chapter is a 404 for anyone without host-level access, which says only that it is not active
// (visibility.ts chapterHiddenFrom).
//
// The hottest read of the site: one prepared statement brings the chapter with its type, its
// 'Last Active' date (kept on the row), its events, the skipped and moved dates that still
// matter and its people, the last three as JSON built by PostgreSQL, and the hash of its header
// image (uploads/slots.ts), and its list's member count (kept by triggers, migration 0017).
// Visibility is checked on
// the row with canSeeChapter, the same rule chapterVisibleTo applies in SQL, so that the
// statement does not vary with the caller. The answer depends on the caller only through
// whether they have host-level access to the chapter (getChapterForHosts).
import { and, asc, eq, gte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import {
  chapterEventExceptions,
  chapterEvents,
  chapterTypes,
  chapters,
  imageSlots,
  permissions,
  roles,
  users,
} from '../../db/schema';
import { LIMITS, ROLE } from '../../../common/constants';
import { chapterTimeZone } from '../../core/timezone';
import { upcomingOf } from './nextEvent';
import { upcomingWithGoing } from './going';
import { exceptionCutoff, toDateException } from '../../core/exceptions';
import type { ChapterEventExceptionRow } from '../../db/schema';
import { canSeeChapter, hasHostAccess } from '../../../common/policy';
import type { DateException } from '../../../common/recurrence';
import type { User } from '../../../common/schemas/auth';
import type { Chapter, ChapterEvent, ChapterPermission } from '../../../common/schemas/chapters';
import { sanitizeRichText } from '../../core/sanitize';
import { eventsJson, toSummary } from '../../core/summaries';
import type { ChapterEventRow, ChapterRow, ChapterTypeRow } from '../../db/schema';
import { chapterHiddenFrom, chapterNotFound } from '../../core/visibility';
import { chapterHeaderSlotSql, imageUrlOrNull } from '../uploads';
import type { CountedListField } from '../mailing';
import { activeMembersSql } from '../../core/chapterFigures';

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

type ExceptionJson = Pick<
  ChapterEventExceptionRow,
  'eventId' | 'date' | 'movedToDate' | 'movedToStartTime' | 'movedToEndTime' | 'note'
>;

/** The skipped and moved dates of the chapter's events that can still matter, by date. */
const exceptionsJson = sql<ExceptionJson[]>`(select coalesce(json_agg(json_build_object(
  'eventId', x.event_id, 'date', x.date, 'movedToDate', x.moved_to_date,
  'movedToStartTime', x.moved_to_start_time, 'movedToEndTime', x.moved_to_end_time,
  'note', x.note) order by x.date), '[]'::json)
  from ${chapterEventExceptions} x join ${chapterEvents} e on e.id = x.event_id
  where e.chapter_id = ${chapters.id}
    and (x.date >= ${sql.placeholder('cutoff')} or x.moved_to_date >= ${sql.placeholder('cutoff')}))`;

interface PersonJson {
  id: number;
  roleId: number;
  roleName: string;
  /** A timestamp as PostgreSQL writes it in JSON (ISO 8601 with microseconds and offset). */
  createdAt: string;
  userId: number;
  name: string;
  email: string;
}

/** The chapter's hosts (3) before its field organizers (2), each by name. */
const peopleJson = sql<PersonJson[]>`(select coalesce(json_agg(json_build_object(
  'id', p.id, 'roleId', p.role_id, 'roleName', r.name, 'createdAt', p.created_at,
  'userId', u.id, 'name', u.name, 'email', u.email) order by p.role_id desc, u.name, u.id), '[]'::json)
  from ${permissions} p join ${roles} r on r.id = p.role_id join ${users} u on u.id = p.user_id
  where p.chapter_id = ${chapters.id} and p.role_id <> ${sql.raw(String(ROLE.admin))})`;

/** The hash of the chapter's header image, or null: one lookup by the slot's primary key. */
const headerImageHash = sql<string | null>`(select s.hash from ${imageSlots} s
  where s.slot = ${chapterHeaderSlotSql(chapters.id)})`;

/**
 * Members (core/chapterFigures.ts) of the list the `countedList` placeholder names (a
 * CountedListField, or 'none').
 */
const memberCount = sql<number | null>`(case ${sql.placeholder('countedList')}::text
  when 'brontoListId' then ${activeMembersSql(chapters.brontoListId)}
  when 'sendInBlueListId' then ${activeMembersSql(chapters.sendInBlueListId)} end)`;

/** The one statement of a chapter read (bench/explainLists.ts explains it). */
export function fullChapterQuery(db: Db, where: SQL) {
  return db
    .select({
      chapter: chapters,
      type: chapterTypes,
      events: eventsJson,
      exceptions: exceptionsJson,
      people: peopleJson,
      headerImage: headerImageHash,
      memberCount,
    })
    .from(chapters)
    .innerJoin(chapterTypes, eq(chapters.chapterTypeId, chapterTypes.id))
    .where(where)
    .limit(1);
}

const fullBySlug = preparedPerDb((db) =>
  fullChapterQuery(db, eq(chapters.slug, sql.placeholder('slug'))).prepare('chapter_full_by_slug'),
);

const fullById = preparedPerDb((db) =>
  fullChapterQuery(db, eq(chapters.id, sql.placeholder('id'))).prepare('chapter_full_by_id'),
);

type FullRow = Awaited<ReturnType<ReturnType<typeof fullById>['execute']>>[number];

/**
 * The placeholders of a chapter read besides its key: `counted` is the list-id field whose
 * list's members are counted (mailing/countedList.ts), null when Brevo keeps the lists.
 */
const readParams = (counted: CountedListField | null) => ({
  cutoff: exceptionCutoff(new Date()),
  countedList: counted ?? 'none',
});

export async function getChapterBySlug(
  db: Db,
  user: User | null,
  slug: string,
  counted: CountedListField | null,
): Promise<Chapter> {
  const [found] = await fullBySlug(db).execute({ slug, ...readParams(counted) });
  return withGoing(
    db,
    fullChapter(found, (chapterId) => hasHostAccess(user, chapterId)),
  );
}

export async function getChapterById(
  db: Db,
  user: User | null,
  id: number,
  counted: CountedListField | null,
): Promise<Chapter> {
  const [found] = await fullById(db).execute({ id, ...readParams(counted) });
  return withGoing(
    db,
    fullChapter(found, (chapterId) => hasHostAccess(user, chapterId)),
  );
}

/** The chapter with the people going to each of its coming meetings (issue 33). */
async function withGoing(db: Db, chapter: Chapter): Promise<Chapter> {
  if (chapter.upcoming.length === 0) return chapter;
  return { ...chapter, upcoming: await upcomingWithGoing(db, chapter.upcoming) };
}

const idBySlug = preparedPerDb((db) =>
  db
    .select({ id: chapters.id })
    .from(chapters)
    .where(eq(chapters.slug, sql.placeholder('slug')))
    .limit(1)
    .prepare('chapter_id_by_slug'),
);

/** The id of the chapter at `slug`, hidden or not (undefined: none). For access checks only. */
export async function chapterIdOf(db: Db, slug: string): Promise<number | undefined> {
  const [row] = await idBySlug(db).execute({ slug });
  return row?.id;
}

/**
 * The chapter as everyone with host-level access to it reads it (hidden or not, its people's
 * emails shown): one answer for all of them. Only for such a caller.
 */
export async function getChapterForHosts(
  db: Db,
  id: number,
  counted: CountedListField | null,
): Promise<Chapter> {
  const [found] = await fullById(db).execute({ id, ...readParams(counted) });
  return withGoing(
    db,
    fullChapter(found, () => true),
  );
}

/** A chapter's events in id order, and the skipped and moved dates of each that still matter. */
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

async function meetingsOf(db: Db, chapterId: number, now: Date) {
  const rows = await eventsWithExceptions(db).execute({ chapterId, cutoff: exceptionCutoff(now) });
  const events: ChapterEventRow[] = [];
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
  type: ChapterTypeRow;
  events: ChapterEventRow[];
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
  if (!found) throw chapterNotFound();
  if (!canSeeChapter(user, found.chapter)) throw chapterHiddenFrom();
  const { events, exceptions } = await meetingsOf(db, found.chapter.id, now);
  const timeZone = chapterTimeZone(found.chapter, events);
  return { ...found, events, exceptions, timeZone };
}

/** The dates by event, from the JSON's fields. */
function exceptionsByEvent(rows: readonly ExceptionJson[]): Map<number, DateException[]> {
  const byEvent = new Map<number, DateException[]>();
  for (const row of rows) {
    const list = byEvent.get(row.eventId) ?? [];
    list.push(toDateException(row));
    byEvent.set(row.eventId, list);
  }
  return byEvent;
}

// The about text is sanitized when saved and again on the way out (core/sanitize.ts: insurance
// for rows written before the rules tightened). Each distinct text is sanitized once here: it
// was a twentieth of a read's CPU for a one-line text, more for long pages. Bounded by the
// characters kept.
const sanitizedAbout = new Map<string, string>();
const SANITIZED_ABOUT_MAX_CHARS = 4_000_000;
let sanitizedAboutChars = 0;

function cleanAbout(html: string): string {
  const kept = sanitizedAbout.get(html);
  if (kept !== undefined) return kept;
  const clean = sanitizeRichText(html);
  const chars = html.length + clean.length;
  if (chars > SANITIZED_ABOUT_MAX_CHARS / 100) return clean;
  while (sanitizedAboutChars + chars > SANITIZED_ABOUT_MAX_CHARS) {
    const [oldest, oldClean] = sanitizedAbout.entries().next().value!;
    sanitizedAbout.delete(oldest);
    sanitizedAboutChars -= oldest.length + oldClean.length;
  }
  sanitizedAbout.set(html, clean);
  sanitizedAboutChars += chars;
  return clean;
}

/** `hostAccess`: whether the reader has host-level access to the chapter of that id. */
function fullChapter(
  found: FullRow | undefined,
  hostAccess: (chapterId: number) => boolean,
): Chapter {
  if (!found) throw chapterNotFound();
  const { chapter, type } = found;
  // Host-level access: the chapter even when hidden, and the contact details of the people
  // behind it, for those who run it with them.
  const host = hostAccess(chapter.id);
  if (!host && !canSeeChapter(null, chapter)) throw chapterHiddenFrom();
  const events: ChapterEvent[] = found.events;
  const chapterPermissions: ChapterPermission[] = found.people.map((p) => ({
    id: p.id,
    roleId: p.roleId,
    role: { id: p.roleId, name: p.roleName },
    chapterId: chapter.id,
    createdAt: new Date(p.createdAt).toISOString(),
    user: { id: p.userId, name: p.name, email: host ? p.email : null },
  }));
  const summary = toSummary(chapter, type, events, chapter.lastActiveAt);
  return {
    ...summary,
    about: cleanAbout(chapter.about),
    emailDomain: type.mailDomain,
    brontoListName: chapter.brontoListName,
    brontoListId: chapter.brontoListId,
    sendInBlueListId: chapter.sendInBlueListId,
    reminderDaysBefore: chapter.reminderDaysBefore,
    reminderHour: chapter.reminderHour,
    rsvpReminderHours: chapter.rsvpReminderHours,
    hostDigestHours: chapter.hostDigestHours,
    permissions: chapterPermissions,
    timeZone: chapterTimeZone(chapter, events),
    upcoming: upcomingOf(
      chapter,
      events,
      new Date(),
      LIMITS.nextEventDates,
      exceptionsByEvent(found.exceptions),
    ),
    headerImageUrl: imageUrlOrNull(found.headerImage),
    memberCount: found.memberCount,
  };
}
