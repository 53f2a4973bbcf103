// A fresh, migrated database for one test file: in-memory PGlite by default, or a new
// PostgreSQL database when TEST_DATABASE_URL is set. `close()` removes every trace of it.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';

export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    // A copy of the run's migrated database (test/globalSetup.ts); migrating it again only
    // checks that it is up to date.
    const file = inject('migratedDatabaseFile');
    const from = file ? new Blob([readFileSync(file)]) : undefined;
    const database = await openDatabase({ embeddedDir: 'memory', ...(from && { from }) });
    await database.migrate();
    return database;
  }
  const name = `chapters_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(adminUrl, (c) => c.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), embeddedDir: 'memory', poolMax: 4 });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await withAdminClient(adminUrl, (c) =>
        c.query(`drop database if exists "${name}" with (force)`),
      );
    },
  };
}

async function withAdminClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
