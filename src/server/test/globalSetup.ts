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

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    // Migrating a new database took a second or more of each of the 130 files' set-up; a copy
    // of a migrated one (CREATE DATABASE ... TEMPLATE) takes a tenth of that.
    const template = await createMigratedTemplate(adminUrl);
    project.provide('migratedDatabaseFile', '');
    project.provide('migratedTemplate', template);
    return () => dropDatabase(adminUrl, template);
  }
  project.provide('migratedTemplate', '');
  const dir = mkdtempSync(path.join(tmpdir(), 'chapters-tests-'));
  const database = await openDatabase({ embeddedDir: 'memory' });
  await database.migrate();
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
  await database.close();
  project.provide('migratedDatabaseFile', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
