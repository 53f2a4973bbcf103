// A fresh, migrated database for one test file: in-memory PGlite by default, or a new
// PostgreSQL database when TEST_DATABASE_URL is set. `close()` removes every trace of it.
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { createDatabase, dropDatabase } from './postgresDatabases';

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
  const template = inject('migratedTemplate');
  const name = await createDatabase(adminUrl, template || undefined);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), embeddedDir: 'memory', poolMax: 4 });
  // A copy of the run's migrated template; migrating it again only checks it is up to date.
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await dropDatabase(adminUrl, name);
    },
  };
}
