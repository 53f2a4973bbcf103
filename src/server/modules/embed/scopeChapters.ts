// What a scope's kept answers are worked out from (nextDatesMemo.ts): every chapter of the scope
// with its events and the exceptions of their coming dates. The widget's list and frames
// (service.ts) take each chapter's next dates from it, a state's map frame (mapFrame.ts) each
// chapter's pin; both are kept until the scope changes or time passes what they show.
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ChapterTypeRow } from '../../db/schema';
import type { ChapterEvent } from '../../../common/schemas/chapters';
import { loadExceptions, type ExceptionsByEvent } from '../../core/exceptions';
import { summariesQuery, type SummaryRow } from '../../core/summaries';
import { slicePauses } from '../chapters';

export interface ScopeChapter {
  chapter: SummaryRow;
  type: ChapterTypeRow;
  events: ChapterEvent[];
}

/**
 * Hands every chapter `where` names to `take`, with the exceptions of its events' coming dates,
 * a slice of the event loop at a time (a state is hundreds of chapters at 20,000, and working
 * out their dates is CPU). Resolves with the chapters, for what answers built from them show.
 */
export async function forEachChapter(
  db: Db,
  where: SQL | undefined,
  now: Date,
  take: (row: ScopeChapter, exceptions: ExceptionsByEvent) => void,
): Promise<readonly ScopeChapter[]> {
  const [rows, exceptions] = await Promise.all([
    summariesQuery(db, { where }),
    loadExceptions(db, where, now),
  ]);
  const pause = slicePauses();
  for (const row of rows) {
    take(row, exceptions);
    await pause();
  }
  return rows;
}

/** The chapters as answerKeys.ts `shows.stateList` takes them: by id, with their events. */
export const listedOf = (rows: readonly ScopeChapter[]) =>
  rows.map((r) => ({ id: r.chapter.id, chapter_events: r.events }));
