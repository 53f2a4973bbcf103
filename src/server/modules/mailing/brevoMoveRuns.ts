// A run of the list move as a job: a row of brevo_list_moves that the Brevo tab polls for its
// progress, whichever app server answers. One runs at a time on the whole network: the
// database's partial unique index refuses a second 'running' row, from the button or from
// `npm run import:brevo-lists` alike. The run goes on in the process that started it; if that
// process goes away, its heartbeat stops, the run reads as 'stopped', and the next start
// finishes the work (the move is idempotent; a chapter is written whole or not at all).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { brevoListMoves } from '../../db/schema';
import type { BrevoClient } from '../../mail/lists/brevoClient';
import {
  BREVO_MOVE_TEXT,
  brevoMoveProgressSchema,
  brevoMoveChapterSchema,
  type BrevoMoveProgress,
  type BrevoMoveRun,
} from '../../../common/schemas/brevoMove';
import { moveBrevoLists, zeroCounts, type MoveResult } from './brevoMove';
import { z } from 'zod';

/** A running run whose heartbeat is older than this has lost its process. */
const STALE_SECONDS = 120;
/** Progress is written at most this often (and after the last chapter). */
const PROGRESS_EVERY_MS = 1000;

export class MoveAlreadyRunning extends Error {
  constructor() {
    super(BREVO_MOVE_TEXT.running);
  }
}

const stale = sql`${brevoListMoves.heartbeatAt} < now() - ${sql.raw(`interval '${STALE_SECONDS} seconds'`)}`;

/** The latest run, as the screen shows it (null before the first). */
export async function latestRun(db: Db): Promise<BrevoMoveRun | null> {
  const [row] = await db
    .select({
      id: brevoListMoves.id,
      status: brevoListMoves.status,
      startedAt: brevoListMoves.startedAt,
      finishedAt: brevoListMoves.finishedAt,
      progress: brevoListMoves.progress,
      report: brevoListMoves.report,
      error: brevoListMoves.error,
      stale: sql<boolean>`${stale}`,
    })
    .from(brevoListMoves)
    .orderBy(desc(brevoListMoves.id))
    .limit(1);
  if (!row) return null;
  const lost = row.status === 'running' && row.stale;
  return {
    id: row.id,
    status: lost ? 'stopped' : (row.status as BrevoMoveRun['status']),
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    progress: brevoMoveProgressSchema.parse(row.progress),
    chapters: z.array(brevoMoveChapterSchema).parse(row.report ?? []),
    error: lost ? BREVO_MOVE_TEXT.stopped : row.error,
  };
}

export interface StartedRun {
  id: number;
  /** Settles when the run is over (never rejects: a failure is written into the run). */
  done: Promise<MoveResult | null>;
}

/** Starts a run, or throws MoveAlreadyRunning. `onProgress` is told as the run goes. */
export async function startRun(
  db: Db,
  brevo: BrevoClient,
  who: { userId: number | null; origin: 'button' | 'command' },
  onProgress?: (progress: BrevoMoveProgress) => void,
): Promise<StartedRun> {
  await db
    .update(brevoListMoves)
    .set({ status: 'stopped', error: BREVO_MOVE_TEXT.stopped, finishedAt: new Date() })
    .where(and(eq(brevoListMoves.status, 'running'), stale));
  const initial: BrevoMoveProgress = {
    chaptersTotal: 0,
    chaptersDone: 0,
    current: null,
    totals: zeroCounts(),
  };
  let id: number;
  try {
    const [row] = await db
      .insert(brevoListMoves)
      .values({ startedBy: who.userId, origin: who.origin, progress: initial })
      .returning({ id: brevoListMoves.id });
    id = row!.id;
  } catch (err) {
    if (isUniqueViolation(err, 'brevo_list_moves_one_running_uq')) throw new MoveAlreadyRunning();
    throw err;
  }
  const where = eq(brevoListMoves.id, id);
  let written = 0;
  const done = moveBrevoLists(db, brevo, {
    onProgress: async (progress) => {
      onProgress?.(progress);
      const last = progress.chaptersDone === progress.chaptersTotal;
      if (!last && Date.now() - written < PROGRESS_EVERY_MS) return;
      written = Date.now();
      await db
        .update(brevoListMoves)
        .set({ progress, heartbeatAt: sql`now()` })
        .where(where);
    },
  })
    .then(
      async (result) => {
        await db
          .update(brevoListMoves)
          .set({ status: 'done', report: result.chapters, finishedAt: new Date() })
          .where(where);
        return result;
      },
      async (err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        await db
          .update(brevoListMoves)
          .set({ status: 'failed', error: message, finishedAt: new Date() })
          .where(where)
          .catch(() => {});
        return null;
      },
    )
    // The failure could not be written either (the database went away): nothing more to do.
    .catch(() => null);
  return { id, done };
}
