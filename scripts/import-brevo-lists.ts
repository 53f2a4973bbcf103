// `npm run import:brevo-lists -- [--dry-run] [--report FILE]`: moves the lists home. Each
// chapter's Brevo list (its sendInBlueListId) is copied into its built-in list (its
// brontoListId; made when it has none), keeping who is blocklisted or unsubscribed, so that
// switching the email service to the built-in lists loses no member. The same work as the
// button in /admin/email's Brevo tab (src/server/modules/mailing/brevoMove.ts), and one run at a
// time with it: a run while the button's runs is refused. Idempotent: a second run adds nothing.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { brevoClient } from '../src/server/mail/lists/brevoClient';
import { brevoSettings } from '../src/server/mail/lists/factory';
import {
  moveBrevoLists,
  type MoveResult,
  latestRun,
  MoveAlreadyRunning,
  startRun,
} from '../src/server/modules/mailing';
import {
  BREVO_MOVE_TEXT,
  type BrevoMoveCounts,
  type BrevoMoveProgress,
} from '../src/common/schemas/brevoMove';
import { ANSWER_CHANNEL, noticePayloads } from '../src/server/caching/answerNotices';
import { EVERY_ANSWER } from '../src/server/caching/answerKeys';

const USAGE = 'Usage: npm run import:brevo-lists -- [--dry-run] [--report FILE]';

const argsSchema = z.object({
  'dry-run': z.boolean().default(false),
  report: z.string().min(1, '--report needs a file name').optional(),
});

const counts = (c: BrevoMoveCounts) =>
  `read ${c.read}, added ${c.added}, already ${c.already}, ` +
  `unsubscribed ${c.unsubscribed}, blocklisted ${c.blocklisted}`;

function formatResult(result: MoveResult, dryRun: boolean, seconds: number): string {
  const lines = [
    `${dryRun ? 'Dry run (nothing written): ' : ''}${result.chapters.length} chapter lists in ${seconds} s`,
    ...result.chapters.map(
      (c) =>
        `  ${c.chapter} (Brevo list ${c.brevoListId} -> built-in list ${c.builtinListId ?? '-'}): ` +
        (c.error ?? counts(c)),
    ),
    `Total: ${counts(result.totals)}`,
  ];
  if (result.totals.added === 0) {
    lines.push('Nothing added: every member was on the built-in lists already.');
  }
  const failed = result.chapters.filter((c) => c.error !== null).length;
  if (failed > 0) lines.push(`${failed} chapter lists not copied (the reason is on their line).`);
  return lines.join('\n');
}

/** On a terminal: one line, redrawn at most ten times a second. */
function progressLine(out: NodeJS.WriteStream) {
  const started = Date.now();
  let drawn = 0;
  return (p: BrevoMoveProgress) => {
    if (!out.isTTY || Date.now() - drawn < 100) return;
    drawn = Date.now();
    const rate = Math.round(p.totals.read / Math.max((drawn - started) / 1000, 0.001));
    out.write(
      `\r\x1b[Kchapters ${p.chaptersDone}/${p.chaptersTotal}, members read ${p.totals.read} ` +
        `(${rate}/s), added ${p.totals.added}${p.current ? `: ${p.current}` : ''}`,
    );
  };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { 'dry-run': { type: 'boolean' }, report: { type: 'string' } },
  });
  const args = argsSchema.safeParse(values);
  if (!args.success) {
    console.error(args.error.issues.map((i) => i.message).join('\n'));
    console.error(USAGE);
    return 2;
  }
  const dryRun = args.data['dry-run'];
  const config = loadConfig();
  const settings = brevoSettings(config);
  if (!settings) {
    console.error(BREVO_MOVE_TEXT.notConfigured);
    return 2;
  }
  const database = await openDatabase({
    url: config.database.url,
    embeddedDir: config.database.embeddedDir,
    poolMax: 2,
  }).catch((err: unknown) => {
    throw new Error(
      `${err instanceof Error ? err.message : String(err)}\n` +
        'With the embedded database, stop the app server first (or use the button in /admin/email).',
    );
  });
  const brevo = brevoClient(settings);
  const draw = progressLine(process.stdout);
  const started = Date.now();
  try {
    await database.migrate();
    let result: MoveResult | null;
    if (dryRun) {
      result = await moveBrevoLists(database.db, brevo, { dryRun: true, onProgress: draw });
    } else {
      const run = await startRun(database.db, brevo, { userId: null, origin: 'command' }, draw);
      result = await run.done;
    }
    if (process.stdout.isTTY) process.stdout.write('\n');
    if (!result) {
      console.error(
        `The move stopped: ${(await latestRun(database.db))?.error ?? 'unknown error'}`,
      );
      console.error('What was copied is kept (each chapter whole); run it again to finish.');
      return 1;
    }
    console.log(formatResult(result, dryRun, Math.round((Date.now() - started) / 100) / 10));
    if (args.data.report) {
      writeFileSync(args.data.report, `${JSON.stringify({ dryRun, ...result }, null, 2)}\n`);
    }
    // App servers on the same PostgreSQL forget kept answers (chapters' brontoListId changed).
    if (!dryRun && result.totals.added + result.chapters.length > 0) {
      for (const payload of noticePayloads([EVERY_ANSWER])) {
        await database.notices.notify(ANSWER_CHANNEL, payload);
      }
    }
    return 0;
  } catch (err) {
    if (err instanceof MoveAlreadyRunning) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`Could not move the lists: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
