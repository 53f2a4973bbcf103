// The home map's answer (GET /api/chapters/map), kept ready on every app server: built when the
// app is ready, built again in the background after any change to the chapters (answer cache
// notices, this server's and every other's) and as time passes (a meeting over moves its pin to
// the next one), while the previous answer is served. Only the very first request after start
// can wait for a build, and only if it comes before that build is done.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip, constants as zlib } from 'node:zlib';
import { and, asc, between, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { chapterEvents, chapterTypes, chapters } from '../../db/schema';
import { CHAPTER_STATUS } from '../../../common/constants';
import {
  chapterMapSchema,
  type ChapterMap,
  type ChapterMapPin,
} from '../../../common/schemas/chapterMap';
import { loadExceptions } from '../../core/exceptions';
import { nextEventOf } from './nextEvent';
import { slicePauses } from './slices';
import { displayTitle } from '../../core/summaries';
import type { ChapterEventRow } from '../../db/schema';

const gzipAsync = promisify(gzip);

/**
 * Chapters read and worked out at a time. The build is off every request's path but on the same
 * thread: at 20,000 chapters, turning all the events' rows into objects at once held every
 * request for 350-670 ms every 30 s (bench/api.ts, the 1-connection p99s), so it gives the loop
 * back between pages and within them (slices.ts). Three queries a page, by chapter id.
 */
const PAGE = 100;

async function loadPinsPage(db: Db, afterId: number, now: Date, pageSize: number) {
  const rows = await db
    .select({
      id: chapters.id,
      title: chapters.title,
      city: chapters.city,
      state: chapters.state,
      chapterTypeId: chapters.chapterTypeId,
      typeName: chapterTypes.name,
    })
    .from(chapters)
    .innerJoin(chapterTypes, eq(chapterTypes.id, chapters.chapterTypeId))
    .where(and(eq(chapters.status, CHAPTER_STATUS.active), gt(chapters.id, afterId)))
    .orderBy(asc(chapters.id))
    .limit(pageSize);
  if (rows.length === 0)
    return { rows, eventsBy: new Map<number, ChapterEventRow[]>(), exceptions: null };
  const inPage = and(
    eq(chapters.status, CHAPTER_STATUS.active),
    between(chapters.id, rows[0]!.id, rows[rows.length - 1]!.id),
  );
  const [events, exceptions] = await Promise.all([
    db
      .select({ event: chapterEvents })
      .from(chapterEvents)
      .innerJoin(chapters, eq(chapters.id, chapterEvents.chapterId))
      .where(inPage)
      .orderBy(asc(chapterEvents.id)),
    loadExceptions(db, inPage, now),
  ]);
  const eventsBy = new Map<number, ChapterEventRow[]>();
  for (const { event } of events) {
    const list = eventsBy.get(event.chapterId) ?? [];
    list.push(event);
    eventsBy.set(event.chapterId, list);
  }
  return { rows, eventsBy, exceptions };
}

/**
 * The pins of the map: active chapters only (the map is public: hidden ones are left out even
 * for their hosts), each where its next meeting is; none for a chapter with nothing coming up or
 * no place for it.
 */
export async function loadMapPins(
  db: Db,
  now = new Date(),
  pageSize = PAGE,
): Promise<ChapterMapPin[]> {
  const pause = slicePauses();
  const pins: ChapterMapPin[] = [];
  for (let afterId = 0; ;) {
    const { rows, eventsBy, exceptions } = await loadPinsPage(db, afterId, now, pageSize);
    if (!exceptions) break;
    for (const row of rows) {
      await pause();
      const next = nextEventOf(row, eventsBy.get(row.id) ?? [], now, exceptions);
      if (!next || (next.lat === 0 && next.lng === 0)) continue;
      pins.push({
        id: row.id,
        lat: next.lat,
        lng: next.lng,
        chapterTypeId: row.chapterTypeId,
        typeName: row.typeName,
        displayTitle: displayTitle(row),
      });
    }
    if (rows.length < pageSize) break;
    afterId = rows[rows.length - 1]!.id;
    await pause();
  }
  return pins;
}

/** An answer ready to send, as caching/answerCache.ts sends its own. */
export interface MapAnswer {
  status: 200;
  body: string;
  type: string;
  gzip: Buffer;
  etag: string;
  builtAt: number;
  pins: number;
}

/**
 * `checked`: parsed with its schema first, as a route's answer is outside production
 * (plugins/serializer.ts); at 20,000 chapters the parse alone held the event loop for 300 ms.
 */
export async function toMapAnswer(map: ChapterMap, checked: boolean): Promise<MapAnswer> {
  const json = JSON.stringify(checked ? chapterMapSchema.parse(map) : map);
  return {
    status: 200,
    body: json,
    type: 'application/json; charset=utf-8',
    // Built once and sent many times: the smallest gzip is worth its few milliseconds here.
    // In libuv's thread pool: the strongest level takes a while on a large network's map.
    gzip: await gzipAsync(json, { level: zlib.Z_BEST_COMPRESSION }),
    etag: `"${createHash('sha1').update(json).digest('base64url')}"`,
    builtAt: Date.now(),
    pins: map.lat.length,
  };
}

export interface MapAnswerKeeper {
  /** Builds the first answer (not waited for: requests that come first wait for it). */
  start(): void;
  /** The answer to send: the one kept; only before the first exists, the first build. */
  current(): Promise<MapAnswer>;
  /** The answer kept, if one is built yet (served as it is while a new one is built). */
  peek(): MapAnswer | null;
  /**
   * Builds a new answer in the background (the kept one is served meanwhile). Called while a
   * build runs, another follows it, so that a change made during a build is never missed.
   */
  rebuild(): void;
  /** Resolves once no build is running or due (tests wait on it instead of a clock). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export interface MapAnswerOptions {
  build: () => Promise<ChapterMap>;
  log: FastifyBaseLogger;
  /** Built again this often as time passes (0: only after changes). */
  refreshMs: number;
  /** Each answer checked against its schema (not in production: see toMapAnswer). */
  checked: boolean;
}

export function keepMapAnswer({
  build,
  log,
  refreshMs,
  checked,
}: MapAnswerOptions): MapAnswerKeeper {
  let answer: MapAnswer | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let firstFailure: unknown = null;

  const buildOnce = async () => {
    const started = Date.now();
    const next = await toMapAnswer(await build(), checked);
    answer = next;
    firstFailure = null;
    log.debug({ ms: Date.now() - started, pins: next.pins }, 'home map answer built');
  };

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await buildOnce();
        } catch (err) {
          // The previous answer stays; the next change or refresh tries again.
          if (!answer) firstFailure = err;
          if (!stopped) log.error({ err }, 'could not build the home map answer');
        }
      } while (again && !stopped);
      // In the same step as the last look at `again`: a rebuild asked for after it starts anew.
      running = null;
    })();
    return running;
  };

  return {
    start() {
      void run();
      if (refreshMs > 0 && !timer) {
        // Time passing is no change: a build under way already serves for it.
        timer = setInterval(() => {
          if (!running) void run();
        }, refreshMs);
        timer.unref();
      }
    },
    peek: () => answer,
    async current() {
      if (answer) return answer;
      await (running ?? run());
      if (answer) return answer;
      throw firstFailure instanceof Error ? firstFailure : new Error('no home map answer');
    },
    rebuild() {
      if (!stopped) void run();
    },
    async settled() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      // The database closes after the app: let a build under way finish with it first.
      while (running) await running;
    },
  };
}
