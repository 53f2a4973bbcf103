// The app over a fresh test database, with the settings tests expect.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../config';
import { buildApp } from '../app';
import { createTestDatabase } from './database';

export interface TestAppOptions {
  env?: Record<string, string>;
  /** A built web app to serve; none by default. */
  webDir?: string;
}

export async function createTestApp({ env = {}, webDir = 'no-web-app' }: TestAppOptions = {}) {
  // Uploads and anything else on disk go to a folder of this test's own, removed on close.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chapters-test-'));
  const config: Config = {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      HOME_MAP_CACHE_SECONDS: '0',
      PUBLIC_CACHE_SECONDS: '0',
      DATA_DIR: dataDir,
      ...env,
    }),
    webDir,
  };
  const database = await createTestDatabase();
  const app = await buildApp({ config, db: database.db, notices: database.notices });
  return {
    app,
    db: database.db,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
