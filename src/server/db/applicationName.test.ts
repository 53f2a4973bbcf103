// Each PostgreSQL connection names the app server that holds it (main.ts: chapters@host:port),
// so pg_stat_activity and PostgreSQL's log trace a slow query or a lock to a server.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client';
import { queryRows } from '../core/database';

const url = process.env.TEST_DATABASE_URL;

/** The application_name of the connection a query of `db` ran on, and of the other ones named so. */
async function namesOf(database: Awaited<ReturnType<typeof openDatabase>>, name: string) {
  const [own] = await queryRows<{ application_name: string }>(
    database.db,
    sql`select application_name from pg_stat_activity where pid = pg_backend_pid()`,
  );
  const [all] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from pg_stat_activity where application_name = ${name}`,
  );
  return { own: own!.application_name, connections: all!.n };
}

describe.skipIf(!url)('application_name on PostgreSQL', () => {
  it("names every connection, the listener's too, after the app server", async () => {
    const name = `chapters@test-host-${process.pid}:3000`;
    const database = await openDatabase({
      url: url!,
      embeddedDir: 'memory',
      applicationName: name,
    });
    try {
      expect((await namesOf(database, name)).own).toBe(name);
      const stop = await database.notices.listen('application_name_test', {
        onNotice: () => {},
        onListening: () => {},
      });
      // The pool's connection and the listener's own.
      expect((await namesOf(database, name)).connections).toBe(2);
      await stop();
    } finally {
      await database.close();
    }
  });

  it('leaves a name DATABASE_URL sets itself', async () => {
    const own = new URL(url!);
    own.searchParams.set('application_name', 'set-by-the-operator');
    const database = await openDatabase({
      url: own.toString(),
      embeddedDir: 'memory',
      applicationName: 'chapters@host:1',
    });
    try {
      expect((await namesOf(database, 'x')).own).toBe('set-by-the-operator');
    } finally {
      await database.close();
    }
  });
});
