// `npm run import:legacy -- --from https://old.example.org --email admin@example.org --password P
// [--dry-run] [--invite] [--report FILE] [--timeout SECONDS] [--max-answer-mb MB]`: brings a network over from the site this one
// replaces into the configured database (DATABASE_URL, or the embedded one in DATA_DIR).
// The work is in src/server/import/legacy/ (its run.ts); docs/moving.md tells the whole move.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { createMailer } from '../src/server/mail/mailer';
import { importLegacy, ImportStopped } from '../src/server/import/legacy/run';
import { formatReport, type ImportReport } from '../src/server/import/legacy/report';
import { ANSWER_CHANNEL, noticePayloads } from '../src/server/caching/answerNotices';
import { EVERY_ANSWER } from '../src/server/caching/answerKeys';
import type { Notices } from '../src/server/db/notices';

const USAGE =
  'Usage: npm run import:legacy -- --from URL --email E --password P [--dry-run] [--invite] [--report FILE] [--timeout SECONDS] [--max-answer-mb MB]';

/** A positive number given as an option's text. */
const positive = (flag: string) =>
  z.coerce.number({ error: `${flag} must be a number` }).positive(`${flag} must be more than 0`);

const argsSchema = z.object({
  from: z.url({ protocol: /^https?$/, error: '--from must be the original site, http(s)://...' }),
  email: z.string().min(1, '--email is required'),
  password: z.string().min(1, '--password is required'),
  'dry-run': z.boolean().default(false),
  invite: z.boolean().default(false),
  report: z.string().optional(),
  // Defaults (30 s, 20 MB) in src/server/import/legacy/limits.ts.
  timeout: positive('--timeout').optional(),
  'max-answer-mb': positive('--max-answer-mb').optional(),
});

// The outbox mailer logs each mail it keeps; thousands of invitations need not be on screen.
const quietLog = { info: () => {} } as unknown as FastifyBaseLogger;

/**
 * App servers running on the same PostgreSQL keep answers ready: a run that wrote something
 * tells them to forget every one, as a write through the API would name what it changed.
 */
async function forgetAnswers(notices: Notices, report: ImportReport): Promise<void> {
  const wrote = Object.values(report.counts).some((c) => c.created + c.updated > 0);
  if (report.dryRun || !wrote) return;
  for (const payload of noticePayloads([EVERY_ANSWER])) {
    await notices.notify(ANSWER_CHANNEL, payload);
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      from: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      'dry-run': { type: 'boolean' },
      invite: { type: 'boolean' },
      report: { type: 'string' },
      timeout: { type: 'string' },
      'max-answer-mb': { type: 'string' },
    },
  });
  const args = argsSchema.safeParse(values);
  if (!args.success) {
    console.error(args.error.issues.map((i) => i.message).join('\n'));
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({
    url: config.database.url,
    embeddedDir: config.database.embeddedDir,
    poolMax: 10,
  }).catch((err: unknown) => {
    throw new Error(
      `${err instanceof Error ? err.message : String(err)}\n` +
        'The import writes into the embedded database directly: stop the app server first, then run it again.',
    );
  });
  const saveReport = async (report: ImportReport) => {
    await forgetAnswers(database.notices, report);
    console.log(formatReport(report));
    if (args.data.report) writeFileSync(args.data.report, `${JSON.stringify(report, null, 2)}\n`);
  };
  const mailer = createMailer(config, database.db, quietLog);
  try {
    await database.migrate();
    const report = await importLegacy(database.db, {
      from: args.data.from,
      email: args.data.email,
      password: args.data.password,
      dryRun: args.data['dry-run'],
      invite: args.data.invite ? { mailer, publicUrl: config.publicUrl } : null,
      uploadsDir: config.uploadsDir,
      limits: {
        ...(args.data.timeout && { timeoutMs: args.data.timeout * 1000 }),
        ...(args.data['max-answer-mb'] && { maxBytes: args.data['max-answer-mb'] * 1024 * 1024 }),
      },
      out: process.stdout,
    });
    await saveReport(report);
    return 0;
  } catch (err) {
    if (!(err instanceof ImportStopped)) throw err;
    await saveReport(err.report);
    console.error(
      `The import stopped: ${err.message}\nWhat came over is kept; run it again to finish.`,
    );
    return 1;
  } finally {
    await mailer.close();
    await database.close();
  }
}

// A promise that never settles (a write waiting on the embedded database's one connection, say)
// empties the event loop, and Node would exit 0 with nothing said: say it, and fail.
let finished = false;
process.on('beforeExit', () => {
  if (finished) return;
  console.error('Could not import: it stopped waiting for work that never finished (a bug).');
  process.exit(1);
});

main().then(
  (code) => {
    finished = true;
    process.exit(code);
  },
  (err: unknown) => {
    console.error(`Could not import: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
