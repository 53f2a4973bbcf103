// Test databases on the machine's PostgreSQL (TEST_DATABASE_URL): each test file gets its own,
// made from a template the run migrated once (globalSetup.ts), and dropped after it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../db/client';

const newName = (prefix: string) => `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;

/** A new database, copied from `template` when given; answers its name. */
export async function createDatabase(adminUrl: string, template?: string): Promise<string> {
  const name = newName('chapters_test');
  await withAdminClient(adminUrl, (c) =>
    c.query(`create database "${name}"${template ? ` template "${template}"` : ''}`),
  );
  return name;
}

/** A migrated database, closed (a template may have no one connected while it is copied). */
export async function createMigratedTemplate(adminUrl: string): Promise<string> {
  const name = newName('chapters_template');
  await withAdminClient(adminUrl, (c) => c.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), embeddedDir: 'memory', poolMax: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return name;
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdminClient(adminUrl, (c) => c.query(`drop database if exists "${name}" with (force)`));
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
