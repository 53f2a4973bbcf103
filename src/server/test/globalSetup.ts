// Vitest's global setup: one migrated embedded database, dumped to a file every test file's
// database starts from (test/database.ts). Opening an empty PGlite runs PostgreSQL's initdb,
// and with the migrations that was 1.5 s of every test file; a copy opens in 0.4 s.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated embedded database's dump, or '' on PostgreSQL (TEST_DATABASE_URL). */
    migratedDatabaseFile: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('migratedDatabaseFile', '');
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'chapters-tests-'));
  const database = await openDatabase({ embeddedDir: 'memory' });
  await database.migrate();
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
  await database.close();
  project.provide('migratedDatabaseFile', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
