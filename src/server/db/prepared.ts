// Drizzle prepared statements, one set per database. A prepared query has its SQL text built
// once (Drizzle would otherwise rebuild it from the query builder on every call, a third of a
// hot read's CPU) and, on node-postgres, is a named statement that PostgreSQL parses once per
// connection. On PGlite the name is not used, but the SQL is still built only once.
import type { Db } from './client';

/**
 * `build` run once per database (tests open many), its result kept as long as the database is.
 * Names given to `.prepare(name)` must be unique across the app: node-postgres refuses a
 * second statement text under a name a connection already holds.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let prepared = byDb.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}
