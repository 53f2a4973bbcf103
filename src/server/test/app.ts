// The app over a fresh test database, with the settings tests expect.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../config';
import { buildApp } from '../app';
import { createTestDatabase } from './database';
import { send, type ApiRequest } from './chapterAdminWorld';
import { nextAnswerNotice } from '../caching/answerCache';

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
      // The mail schedule's loop stays still unless a test starts it or calls its look(): woken
      // by a date a test saved, it plans in the background, and on a slow machine its rows landed
      // between another test's two readings of the database (the fuzz test's "refused, yet
      // changed: mailing_messages" beside two busy loops). Its own tests run it on their clock.
      MAIL_SCHEDULE_POLL_MS: '0',
      DATA_DIR: dataDir,
      ...env,
    }),
    webDir,
  };
  const database = await createTestDatabase();
  const app = await buildApp({
    config,
    db: database.db,
    notices: database.notices,
    poolUse: database.poolUse,
  });
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

/**
 * Two app servers on one test database (on PGlite: the same instance in this process), with
 * answers kept an hour: whatever the second sees change came from a notice (LISTEN/NOTIFY).
 * Each has a DATA_DIR of its own, as two machines would: nothing the first writes to its disk
 * is seen by the second.
 */
export async function createTwoAppServers({ env = {}, webDir }: TestAppOptions = {}) {
  const t = await createTestApp({
    env: { PUBLIC_CACHE_SECONDS: '3600', ...env },
    ...(webDir && { webDir }),
  });
  const secondDataDir = mkdtempSync(path.join(tmpdir(), 'chapters-test-second-'));
  const secondConfig: Config = {
    ...t.config,
    dataDir: secondDataDir,
    uploadsDir: path.join(secondDataDir, 'uploads'),
  };
  const second = await buildApp({ config: secondConfig, db: t.db, notices: t.database.notices });
  await Promise.all([t.app.ready(), second.ready()]);
  return {
    t,
    second,
    /** A write on the first server, answered once the second has heard of it. */
    async writeHeard(request: ApiRequest, cookie?: string) {
      const heard = nextAnswerNotice(second);
      const res = await send(t, request, cookie);
      await heard;
      return res;
    },
    secondConfig,
    async close() {
      await second.close();
      await t.close();
      rmSync(secondDataDir, { recursive: true, force: true });
    },
  };
}
