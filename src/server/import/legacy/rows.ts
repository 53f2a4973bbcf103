// The shape most kinds share: a list answer from the original, each item checked against its
// schema (a malformed one skipped by name), known by a key, and written as one row of one table
// (inserted the first time, updated after). `row` throws SkipError for what cannot be mapped.
import type { z } from 'zod';
import type { InferInsertModel } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { eachParsed, importEntity, upsertRow, type ImportContext } from './context';

export interface RowKind<S extends z.ZodType, T extends PgTable & { id: PgColumn }> {
  kind: string;
  schema: S;
  /** How the report names an item that did not parse. */
  idOf: (item: unknown, index: number) => string;
  /** What the item is known by in legacy_import_map. */
  key: (item: z.infer<S>) => string | number;
  table: T;
  row: (item: z.infer<S>) => InferInsertModel<T>;
  /** False for an item that is nothing to bring over (not counted as written or skipped). */
  include?: (item: z.infer<S>) => boolean;
}

export function importRows<S extends z.ZodType, T extends PgTable & { id: PgColumn }>(
  ctx: ImportContext,
  spec: RowKind<S, T>,
  items: readonly unknown[],
): Promise<void> {
  return eachParsed(ctx, spec.kind, items, spec.schema, spec.idOf, async (item) => {
    if (spec.include && !spec.include(item)) return;
    await importEntity(ctx, spec.kind, spec.key(item), item, (tx, known) =>
      upsertRow(tx, spec.table, known, spec.row(item)),
    );
  });
}
