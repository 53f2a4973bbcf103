// Many entities in one transaction: a chapter with everything that hangs on it, or a few
// hundred users. A transaction per entity cost five round trips to the database each (begin,
// the row, its map row, commit...), most of a large import's time. A batch still leaves only
// whole entities: it commits whole or not at all. If one of its entities cannot come over (a
// skip, a slug taken here), the batch is rolled back and done again one entity at a time, so
// the others come over and the report names that one, exactly as without batches.
import { sql } from 'drizzle-orm';
import {
  learn,
  skipReason,
  writeMapRows,
  type Batch,
  type ImportContext,
  type Tally,
} from './context';

type Call = { [K in keyof Tally]: [K, Parameters<Tally[K]>] }[keyof Tally];

/** A batch's counts, told to the run's reporter only once the batch commits. */
class TallyRecord implements Tally {
  private readonly calls: Call[] = [];
  read(...args: Parameters<Tally['read']>) {
    this.calls.push(['read', args]);
  }
  count(...args: Parameters<Tally['count']>) {
    this.calls.push(['count', args]);
  }
  skip(...args: Parameters<Tally['skip']>) {
    this.calls.push(['skip', args]);
  }
  warn(...args: Parameters<Tally['warn']>) {
    this.calls.push(['warn', args]);
  }
  phase(...args: Parameters<Tally['phase']>) {
    this.calls.push(['phase', args]);
  }
  replay(into: Tally): void {
    for (const [method, args] of this.calls) (into[method] as (...a: unknown[]) => void)(...args);
  }
}

/**
 * Runs `work` (which writes through `importEntity`) in one transaction; when it fails on an
 * entity that cannot come over, runs it again entity by entity. `work` must only write: it may
 * run twice, so what it reads from the original is read before.
 */
export async function inOneTransaction(
  ctx: ImportContext,
  work: (ctx: ImportContext) => Promise<void>,
): Promise<void> {
  if (ctx.batch) return work(ctx);
  const tally = new TallyRecord();
  const batch: Batch = { known: new Map(), rows: [], after: [] };
  try {
    await ctx.db.transaction(async (tx) => {
      // As importEntity alone: a crash loses whole batches, which the next run writes again.
      await tx.execute(sql`set local synchronous_commit = off`);
      await work({ ...ctx, db: tx, reporter: tally, batch });
      await writeMapRows(tx, batch.rows);
    });
  } catch (err) {
    if (skipReason(err) === undefined) throw err;
    await work(ctx);
    return;
  }
  for (const row of batch.rows) learn(ctx, row);
  for (const fn of batch.after) fn();
  tally.replay(ctx.reporter);
}

/** `items` in slices of `size`. */
export function slices<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
