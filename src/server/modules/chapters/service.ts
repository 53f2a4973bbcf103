// Chapter lists: every one filters through chapterVisibleTo (visibility.ts), so a hidden chapter
// appears only to those with host-level access to it. Lists answer by display title,
// case-insensitive, except the home map's, which keeps state order.
import { storedStates } from '../../core/chapterScope';
import { and, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapters } from '../../db/schema';
import { CHAPTER_STATUS, ROLE, ROLES } from '../../../common/constants';
import { STATES } from '../../../common/states';
import type { User } from '../../../common/schemas/auth';
import {
  MAX_SEARCH_RESULTS,
  type ActiveChapter,
  type ChapterSummary,
  type MyChapter,
  type StateChapter,
} from '../../../common/schemas/chapters';
import {
  byDisplayTitle,
  loadSummaries,
  summariesQuery,
  toSummary,
  type StateOrderKey,
} from '../../core/summaries';
import { callerSeeing, chapterVisibleTo, hostAccessChapterIds } from '../../core/visibility';
import { nextEventOf } from './nextEvent';
import { nextEventsWithGoing } from './going';
import { slicePauses } from './slices';
import { loadExceptions } from '../../core/exceptions';
import { chapterTimeZone } from '../../core/timezone';

export { displayTitle, toEvent } from '../../core/summaries';

/**
 * Chapters of the home map's list read and worked out at a time. At 20,000 chapters the list is
 * 10 MB of JSON: built in one piece (rows, next meetings, the text) it held every other request
 * for 200-400 ms each time it was rebuilt; now the build gives the loop back between pages and
 * within them (slices.ts).
 */
const ACTIVE_PAGE = 100;

/** One page of active chapters in state order after `after`, and where the page ends. */
async function activePage(
  db: Db,
  after: StateOrderKey | null,
  size: number,
  now: Date,
  pause: () => Promise<void> | undefined,
) {
  const active = eq(chapters.status, CHAPTER_STATUS.active);
  const rows = await summariesQuery(db, { where: active, page: { size, after } });
  if (rows.length === 0) return { list: [], last: null };
  const exceptions = await loadExceptions(
    db,
    inArray(
      chapters.id,
      rows.map((r) => r.chapter.id),
    ),
    now,
  );
  const list: ActiveChapter[] = [];
  for (const r of rows) {
    await pause();
    const { chapter_events: events, ...summary } = toSummary(
      r.chapter,
      r.type,
      r.events,
      r.chapter.lastActiveAt,
    );
    list.push({ ...summary, nextEvent: nextEventOf(summary, events, now, exceptions) });
  }
  const { state, title, id } = rows[rows.length - 1]!.chapter;
  return { list, last: { state, title, id } };
}

/**
 * Active chapters with their type, last post date and next event, for the home map (GET
 * /api/chapters/active), as JSON text: in state order, a page at a time (ACTIVE_PAGE). The map is
 * public, so hidden chapters are left out even for their hosts. `check` (outside production)
 * parses each page with the answer's schema before it is written.
 */
export async function activeChaptersJson(
  db: Db,
  options: { now?: Date; pageSize?: number; check?: (page: ActiveChapter[]) => unknown } = {},
): Promise<string> {
  const { now = new Date(), pageSize = ACTIVE_PAGE, check } = options;
  const pause = slicePauses();
  const parts: string[] = [];
  for (let after: StateOrderKey | null = null; ;) {
    const { list, last } = await activePage(db, after, pageSize, now, pause);
    // Each page's array without its brackets: the pages joined are the one array.
    if (list.length > 0) parts.push(JSON.stringify(check ? check(list) : list).slice(1, -1));
    if (!last || list.length < pageSize) break;
    after = last;
    await pause();
  }
  return `[${parts.join(',')}]`;
}

/** Every chapter the caller may see: all for admins, active ones and their own for others. */
export async function listChapters(db: Db, user: User | null): Promise<ChapterSummary[]> {
  const summaries = await loadSummaries(db, { where: chapterVisibleTo(user) });
  return summaries.sort(byDisplayTitle);
}

const roleName = new Map(ROLES.map((r) => [r.id as number, r.name]));

/**
 * The chapters the user hosts or field-organizes, each with the roles held in it. An admin's
 * global role is not a chapter role: admins get the chapters they hold roles in, like anyone.
 */
export async function listMyChapters(db: Db, user: User): Promise<MyChapter[]> {
  const ids = hostAccessChapterIds(user);
  if (ids.length === 0) return [];
  const where = and(inArray(chapters.id, ids), chapterVisibleTo(user));
  const now = new Date();
  const [summaries, exceptions] = await Promise.all([
    loadSummaries(db, { where }),
    loadExceptions(db, where, now),
  ]);
  const list = summaries.sort(byDisplayTitle).map((s) => ({
    ...s,
    nextEvent: nextEventOf(s, s.chapter_events, now, exceptions),
    timeZone: chapterTimeZone(s, s.chapter_events),
    roles: [
      ...(user.chapterHostChapterIds.includes(s.id) ? [ROLE.chapterHost] : []),
      ...(user.fieldOrganizerChapterIds.includes(s.id) ? [ROLE.fieldOrganizer] : []),
    ].map((id) => ({ id, name: roleName.get(id) ?? '' })),
  }));
  return nextEventsWithGoing(db, list, exceptions);
}

export { storedStates };

/**
 * A state's chapters (`state`: an upper-case abbreviation from the list): its active ones and,
 * of its hidden ones, those in `hidden` (hiddenChaptersShownIn: what the caller may see).
 */
export async function listStateChapters(
  db: Db,
  state: string,
  hidden: readonly number[] = [],
  now = new Date(),
): Promise<StateChapter[]> {
  const where = and(
    inArray(chapters.state, storedStates(state)),
    chapterVisibleTo(callerSeeing(hidden)),
  );
  const [summaries, exceptions] = await Promise.all([
    loadSummaries(db, { where }),
    loadExceptions(db, where, now),
  ]);
  // Each card leads with when the chapter next meets (issue 25), skipped and moved dates heeded,
  // and how many are going (issue 33).
  const list = summaries.sort(byDisplayTitle).map((s) => ({
    ...s,
    nextEvent: nextEventOf(s, s.chapter_events, now, exceptions),
    timeZone: chapterTimeZone(s, s.chapter_events),
  }));
  return nextEventsWithGoing(db, list, exceptions);
}

/** LIKE treats % _ and \ as patterns; a search for them means the characters themselves. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Chapters whose title, city or state matches `q`, case-insensitive: the state by abbreviation
 * ('ny') or by name ('york'). At most MAX_SEARCH_RESULTS, by display title.
 */
export async function searchChapters(
  db: Db,
  user: User | null,
  q: string,
  activeOnly: boolean,
): Promise<ChapterSummary[]> {
  const pattern = containsPattern(q);
  const needle = q.toLowerCase();
  const statesNamed = STATES.filter(
    ([abbr, name]) => abbr.toLowerCase() === needle || name.toLowerCase().includes(needle),
  ).map(([abbr]) => abbr as string);
  const matches: SQL[] = [ilike(chapters.title, pattern), ilike(chapters.city, pattern)];
  if (statesNamed.length) matches.push(inArray(chapters.state, statesNamed));
  const summaries = await loadSummaries(db, {
    where: and(
      or(...matches),
      activeOnly ? eq(chapters.status, CHAPTER_STATUS.active) : undefined,
      chapterVisibleTo(user),
    ),
    limit: MAX_SEARCH_RESULTS,
  });
  return summaries.sort(byDisplayTitle);
}
