// Vitest's global setup: one migrated embedded database, dumped to a file every test file's
// database starts from (test/database.ts). Opening an empty PGlite runs PostgreSQL's initdb,
// and with the migrations that was 1.5 s of every test file; a copy opens in 0.4 s.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { createMigratedTemplate, dropDatabase } from './postgresDatabases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated embedded database's dump, or '' on PostgreSQL (TEST_DATABASE_URL). */
    migratedDatabaseFile: string;
    /** On PostgreSQL, the migrated database every test file's is created from (its template). */
    migratedTemplate: string;
  }
}

/** What the set-up made: a dump file or a template, and how to remove it. */
interface Made {
  file: string;
  template: string;
  remove: () => unknown;
}

/**
 * Two projects (server, isolated) name this set-up, and Vitest runs each project's in its one
 * process before any test: the second takes the first's database instead of making another (4 s
 * of CPU before the first test), and the last of them to end removes it.
 */
const shared = globalThis as { chaptersTestDatabase?: { made: Promise<Made>; users: number } };

export default async function setup(project: TestProject) {
  shared.chaptersTestDatabase ??= { made: make(), users: 0 };
  const entry = shared.chaptersTestDatabase;
  entry.users += 1;
  const { file, template, remove } = await entry.made;
  project.provide('migratedDatabaseFile', file);
  project.provide('migratedTemplate', template);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    delete shared.chaptersTestDatabase;
    await remove();
  };
}

async function make(): Promise<Made> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    // Migrating a new database took a second or more of each of the 130 files' set-up; a copy
    // of a migrated one (CREATE DATABASE ... TEMPLATE) takes a tenth of that.
    const template = await createMigratedTemplate(adminUrl);
    return { file: '', template, remove: () => dropDatabase(adminUrl, template) };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'chapters-tests-'));
  const database = await openDatabase({ embeddedDir: 'memory' });
  await database.migrate();
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
  await database.close();
  return { file, template: '', remove: () => rmSync(dir, { recursive: true, force: true }) };
}
