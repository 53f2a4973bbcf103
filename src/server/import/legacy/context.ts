// The importer's one way to write: each entity together with its row in legacy_import_map, in
// one transaction, so a run stopped anywhere leaves whole entities and a rerun continues where
// it stopped. Alone, an entity has a transaction of its own; inside a batch (batch.ts) many
// share one, their map rows written at once at its end. An entity whose original answer hashes
// the same as last time is 'unchanged' and not written at all.
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { eq, sql, type InferInsertModel } from 'drizzle-orm';
import type { PgTable, PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { DbOrTx } from '../../core/database';
import { isUniqueViolation } from '../../db/errors';
import { legacyImportMap } from '../../db/schema';
import type { LegacyClient } from './client';
import type { Outcome, Reporter } from './report';

/** What the steps count on: the run's reporter, or a batch's record of it (batch.ts). */
export type Tally = Pick<Reporter, 'read' | 'count' | 'skip' | 'warn' | 'phase'>;

/** A map row of legacy_import_map. */
export interface MapRow {
  kind: string;
  originalId: string;
  localId: number;
  contentHash: string;
}

/** Entities written in one shared transaction, remembered only once it commits. */
export interface Batch {
  /** What each entity became, by kind and original id: this batch's view over `known`. */
  known: Map<string, Known>;
  rows: MapRow[];
  /** Work to do once the transaction committed (users learned by email). */
  after: (() => void)[];
}

/** What cannot be mapped: the entity is left out, with this reason in the report. */
export class SkipError extends Error {}

export interface Known {
  localId: number;
  hash: string;
}

export interface ImportContext {
  db: Db;
  client: LegacyClient;
  reporter: Tally;
  /** Set inside a batch: `db` is its transaction (batch.ts). */
  batch?: Batch;
  dryRun: boolean;
  uploadsDir: string;
  /** Entities read and written at once (1 in a dry run: it is one transaction). */
  concurrency: number;
  known: Map<string, Map<string, Known>>;
  /** Local user ids by lower-case email: authors and applicants are named by email. */
  usersByEmail: Map<string, number>;
}

/** What `write` answers: the row's id, or that it joined an existing row (a merged user). */
export type Written = number | { id: number; merged: true };

export async function loadKnown(db: Db): Promise<ImportContext['known']> {
  const known: ImportContext['known'] = new Map();
  for (const row of await db.select().from(legacyImportMap)) {
    if (!known.has(row.kind)) known.set(row.kind, new Map());
    known.get(row.kind)!.set(row.originalId, { localId: row.localId, hash: row.contentHash });
  }
  return known;
}

/** The local id an original entity became, if it came over (in this run or an earlier one). */
export function localIdOf(ctx: ImportContext, kind: string, originalId: string | number) {
  return knownOf(ctx, kind, String(originalId))?.localId ?? null;
}

/** What an original entity became: in this batch, else in a committed write. */
function knownOf(ctx: ImportContext, kind: string, key: string): Known | undefined {
  return ctx.batch?.known.get(`${kind}\0${key}`) ?? ctx.known.get(kind)?.get(key);
}

/** Remembers what an entity became (after its transaction committed). */
export function learn(ctx: ImportContext, row: MapRow): void {
  if (!ctx.known.has(row.kind)) ctx.known.set(row.kind, new Map());
  ctx.known.get(row.kind)!.set(row.originalId, { localId: row.localId, hash: row.contentHash });
}

/** Writes map rows in one statement (the last of a key wins: one statement may not touch a row twice). */
export async function writeMapRows(tx: DbOrTx, rows: readonly MapRow[]): Promise<void> {
  const byKey = new Map(rows.map((r) => [`${r.kind}\0${r.originalId}`, r]));
  if (byKey.size === 0) return;
  await tx
    .insert(legacyImportMap)
    .values([...byKey.values()])
    .onConflictDoUpdate({
      target: [legacyImportMap.kind, legacyImportMap.originalId],
      set: {
        localId: sql`excluded.local_id`,
        contentHash: sql`excluded.content_hash`,
        importedAt: sql`now()`,
      },
    });
}

export const contentHash = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url');

// Unique indexes an imported row may run into, and what that means for a network's admin.
const CONFLICTS: [string, string][] = [
  ['chapters_slug_uq', 'slug taken by another chapter here'],
  ['chapters_bronto_list_id_uq', 'brontoListId used by another chapter here'],
  ['chapters_send_in_blue_list_id_uq', 'sendInBlueListId used by another chapter here'],
  ['chapter_events_slug_uq', 'slug taken by another event here'],
  ['chapter_blog_posts_slug_uq', 'slug taken by another chapter post here'],
  ['press_mentions_slug_uq', 'slug taken by another press mention here'],
  ['blog_posts_slug_uq', 'slug taken by another blog post here'],
  ['pages_slug_uq', 'slug taken by another page here'],
  ['wiki_pages_slug_uq', 'slug taken by another wiki page here'],
  ['chapter_host_applications_slug_uq', 'slug taken by another application here'],
  ['users_email_lower_uq', 'email taken by another user here'],
  ['email_aliases_address_uq', 'emailAlias used by another chapter here'],
];

/** The unique index a write ran into, on node-postgres and PGlite alike (drizzle's `cause`). */
export function conflictOf(err: unknown): string | undefined {
  const known = CONFLICTS.find(([name]) => isUniqueViolation(err, name));
  if (known) return known[1];
  if (!isUniqueViolation(err)) return undefined;
  const cause = (err as { cause?: { constraint?: string } }).cause;
  return `conflicts with ${cause?.constraint ?? 'a unique index'} here`;
}

/**
 * Writes one entity: `write` inserts it (localId null) or updates the row it became, inside the
 * transaction, and answers the row's id. Answers the local id, or null when it was skipped.
 */
export async function importEntity(
  ctx: ImportContext,
  kind: string,
  originalId: string | number,
  original: unknown,
  write: (tx: DbOrTx, localId: number | null) => Promise<Written>,
): Promise<number | null> {
  const key = String(originalId);
  const hash = contentHash(original);
  const known = knownOf(ctx, kind, key);
  if (known && known.hash === hash) {
    ctx.reporter.count(kind, 'unchanged');
    return known.localId;
  }
  const row = (written: Written): MapRow => ({
    kind,
    originalId: key,
    localId: typeof written === 'number' ? written : written.id,
    contentHash: hash,
  });
  const outcome = (written: Written): Outcome =>
    known || typeof written !== 'number' ? 'updated' : 'created';
  if (ctx.batch) {
    // A skip or a conflict here fails the whole batch, which is then done again one entity at
    // a time (batch.ts): what is counted and learned now counts only if the batch commits.
    const written = await write(ctx.db, known?.localId ?? null);
    const made = row(written);
    ctx.batch.rows.push(made);
    ctx.batch.known.set(`${kind}\0${key}`, { localId: made.localId, hash });
    ctx.reporter.count(kind, outcome(written));
    return made.localId;
  }
  try {
    const made = await ctx.db.transaction(async (tx) => {
      // Tens of thousands of small commits: none waits for its WAL flush. A crash may lose the
      // last few of them, entity and map row together, and the next run writes those again.
      await tx.execute(sql`set local synchronous_commit = off`);
      const written = await write(tx, known?.localId ?? null);
      await writeMapRows(tx, [row(written)]);
      return { row: row(written), outcome: outcome(written) };
    });
    learn(ctx, made.row);
    ctx.reporter.count(kind, made.outcome);
    return made.row.localId;
  } catch (err) {
    const reason = skipReason(err);
    if (reason === undefined) throw err;
    ctx.reporter.skip(kind, key, reason);
    return null;
  }
}

/** Why an entity cannot come over, or undefined when the error is the run's, not the entity's. */
export function skipReason(err: unknown): string | undefined {
  return err instanceof SkipError ? err.message : conflictOf(err);
}

/**
 * Updates the row an entity became, or inserts it when there is none (first run, or the row was
 * deleted here since: the importer brings it back rather than failing).
 */
export async function upsertRow<T extends PgTable & { id: PgColumn }>(
  tx: Db,
  table: T,
  localId: number | null,
  values: InferInsertModel<T>,
): Promise<number> {
  if (localId !== null) {
    const updated = (await tx
      .update(table)
      .set(values as never)
      .where(eq(table.id, localId))
      .returning({ id: table.id })) as { id: number }[];
    if (updated.length > 0) return localId;
  }
  const [row] = (await tx
    .insert(table)
    .values(values as never)
    .returning({ id: table.id })) as { id: number }[];
  return row!.id;
}

/**
 * Runs `fn` over `items`, `limit` at a time, in order of start. After a failure no item starts,
 * and the failure is thrown once those in flight are over: a stopped run's report then counts
 * every write it made, and nothing of it is still writing when the run is started again.
 */
export async function eachLimit<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { err: unknown } | null = null;
  const worker = async () => {
    while (next < items.length && !failure) {
      const i = next++;
      try {
        await fn(items[i]!, i);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw (failure as { err: unknown }).err;
}

/** A date the original gives, or a skip naming the field. */
export function parseDate(value: string, field: string): Date {
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) {
    throw new SkipError(`malformed date in ${field}: ${JSON.stringify(value)}`);
  }
  return date;
}

/**
 * Checks each item of a list answer against its schema: a malformed one is skipped, named by
 * `idOf` (what the original calls it) and the field at fault; the rest are handed to `fn`.
 */
export async function eachParsed<S extends z.ZodType>(
  ctx: ImportContext,
  kind: string,
  items: readonly unknown[],
  schema: S,
  idOf: (item: unknown, index: number) => string,
  fn: (item: z.infer<S>) => Promise<unknown>,
  limit = 1,
): Promise<void> {
  ctx.reporter.read(kind, items.length);
  await eachLimit(items, limit, async (item, index) => {
    const parsed = schema.safeParse(item);
    if (parsed.success) {
      await fn(parsed.data);
      return;
    }
    const issue = parsed.error.issues[0]!;
    ctx.reporter.skip(
      kind,
      idOf(item, index),
      `malformed ${issue.path.join('.')}: ${issue.message}`,
    );
  });
}

/** An item's slug, or its place in the list: how the report names an item that did not parse. */
export const slugOr = (prefix: string) => (item: unknown, index: number) => {
  const slug = (item as { slug?: unknown } | null)?.slug;
  return typeof slug === 'string' ? slug : `${prefix} #${index}`;
};
