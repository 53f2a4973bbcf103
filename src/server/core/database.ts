// Database helpers every room above db shares.
//
// Raw SQL answers for the few statements Drizzle's builder cannot write (UPDATE ... FROM a
// CTE with SKIP LOCKED): node-postgres and PGlite both answer `{ rows }`.
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Strings as one PostgreSQL text[] parameter (the same text on node-postgres and PGlite). */
export function textArray(values: readonly (string | null)[]): string {
  const items = values.map((v) => (v === null ? 'NULL' : `"${v.replace(/[\\"]/g, '\\$&')}"`));
  return `{${items.join(',')}}`;
}

/** An open transaction: what `db.transaction` hands its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A database or an open transaction, for a write that is best made with the change it belongs
 * to. Drizzle's transaction is a database of the same schema, so a `tx` is passed as it is.
 */
export type DbOrTx = Db | Tx;
