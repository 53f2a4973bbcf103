// One import from the original site: sign in, read every kind of entity in an order that puts
// each one's references first (users before the chapters they host, chapters before their
// events), write each as it is read, and answer the report. `dryRun` runs the very same work in
// one transaction that is rolled back, so its report is what a real run would do.
import { users } from '../../db/schema';
import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { signIn } from './client';
import { DEFAULT_LIMITS, type RequestLimits } from './limits';
import { loadKnown, type ImportContext } from './context';
import { Reporter, type ImportReport } from './report';
import { importSettings } from './siteSettings';
import { importUsers } from './users';
import { importChapters } from './chapters';
import { importContent } from './content';
import { importUserNotes } from './userNotes';
import { importApplications } from './applications';
import { importActivity } from './activity';
import { inviteUsers } from './invite';

export interface ImportOptions {
  from: string;
  email: string;
  password: string;
  dryRun?: boolean;
  /** Invite the imported users without a password (needs `mailer`). */
  invite?: { mailer: Mailer; publicUrl: string } | null;
  uploadsDir: string;
  /**
   * Requests at the original and batches written at once (default 8; a dry run, one
   * transaction, writes one at a time).
   */
  concurrency?: number;
  /**
   * How long one request may take and how large one answer may be (limits.ts DEFAULT_LIMITS:
   * 30 s, 20 MB); past either the run stops, naming the address.
   */
  limits?: Partial<RequestLimits>;
  /** Where the progress line goes (only drawn on a terminal). */
  out?: NodeJS.WriteStream | null;
}

/** A run that stopped: what it did until then is kept, and a rerun continues from there. */
export class ImportStopped extends Error {
  constructor(
    readonly report: ImportReport,
    override readonly cause: unknown,
  ) {
    // Drizzle's message is the failed query; the database's reason is in its cause.
    const inner = (cause as { cause?: unknown } | null)?.cause;
    super(
      [cause, inner]
        .filter((e) => e !== undefined)
        .map((e) => (e instanceof Error ? e.message : String(e)))
        .join(': '),
    );
  }
}

class DryRunDone extends Error {}

const STEPS = [
  importSettings,
  importUsers,
  importChapters,
  importContent,
  importUserNotes,
  importApplications,
  importActivity,
];

export async function importLegacy(db: Db, opts: ImportOptions): Promise<ImportReport> {
  const dryRun = opts.dryRun ?? false;
  const reporter = new Reporter(opts.from, dryRun, opts.out ?? null);
  const client = await signIn(opts.from, opts.email, opts.password, opts.concurrency ?? 8, {
    ...DEFAULT_LIMITS,
    ...opts.limits,
  });
  const usersByEmail = new Map<string, number>();
  for (const u of await db.select({ id: users.id, email: users.email }).from(users)) {
    usersByEmail.set(u.email.toLowerCase(), u.id);
  }
  const ctx: ImportContext = {
    db,
    client,
    reporter,
    dryRun,
    uploadsDir: opts.uploadsDir,
    concurrency: dryRun ? 1 : (opts.concurrency ?? 8),
    known: await loadKnown(db),
    usersByEmail,
  };
  try {
    if (dryRun) {
      await db
        .transaction(async (tx) => {
          ctx.db = tx;
          for (const step of STEPS) await step(ctx);
          throw new DryRunDone();
        })
        .catch((err: unknown) => {
          if (!(err instanceof DryRunDone)) throw err;
        });
    } else {
      for (const step of STEPS) await step(ctx);
      if (opts.invite) {
        reporter.report.invited = await inviteUsers(ctx, opts.invite.mailer, opts.invite.publicUrl);
      }
    }
  } catch (err) {
    throw new ImportStopped(reporter.finish(client.requests), err);
  }
  return reporter.finish(client.requests);
}
