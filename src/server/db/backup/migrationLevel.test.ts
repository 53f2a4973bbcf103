// A database's migration level, as a backup records it: 0 for one never migrated (drizzle's own
// table is not there yet; reading it used to fail the backup with "relation does not exist"),
// and the code's own level once migrated.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../client';
import { codeLevel, databaseLevel } from './migrationLevel';

const adminUrl = process.env.TEST_DATABASE_URL;

/** A database nobody migrated: a new PostgreSQL database, or a new embedded one in memory. */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!adminUrl) {
    const database = await openDatabase({ embeddedDir: 'memory' });
    return { database, drop: () => database.close() };
  }
  const name = `chapters_level_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const database = await openDatabase({ url, embeddedDir: '', poolMax: 1 });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}

describe('databaseLevel', () => {
  it(
    'is 0 for a database never migrated, and the code level once migrated',
    { timeout: 120_000 },
    async () => {
      const { database, drop } = await freshDatabase();
      try {
        expect(await databaseLevel(database.db)).toEqual({ migrations: 0, lastMigration: null });
        await database.migrate();
        expect(await databaseLevel(database.db)).toEqual(codeLevel());
      } finally {
        await drop();
      }
    },
  );
});
