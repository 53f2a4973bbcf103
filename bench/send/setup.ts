// What every part of `npm run bench:send` (bench/send.ts) shares: the message, the app's
// configuration against the bench's SMTP server, and where a part's database is.
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';

export const BODY =
  '<p>We meet on <strong>Tuesday</strong> at the usual place. <a href="https://example.org/map">Map</a></p>';
export const TITLE = 'This week';
export const PUBLIC_URL = 'https://chapters.example.org';
export const MB = 1024 * 1024;

/** The app's configuration sending to the SMTP server on `port` (`concurrency`: '' for its default). */
export function appConfig(port: number, concurrency: string | undefined) {
  return loadConfig({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Network <news@example.org>',
    PUBLIC_URL,
    LOG_LEVEL: 'silent',
    MAIL_SEND_CONCURRENCY: concurrency,
  });
}

/** Where a part's database is: a PostgreSQL URL, a PGlite directory, or 'memory'. */
export interface Target {
  url?: string;
  embeddedDir: string;
}

export const openTarget = (target: Target): Promise<Database> =>
  openDatabase({ url: target.url, embeddedDir: target.embeddedDir, poolMax: 10 });
