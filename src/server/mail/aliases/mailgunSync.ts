// Keeps Mailgun's routes in step with our aliases (the one source of truth). Each alias with
// recipients is one route: match_recipient on its address, a forward() per recipient, then
// stop(). A row whose updated_at differs from mailgun_synced_at is due (admin saves push at
// once, inside their transaction; changes made by the database's triggers, such as a new host,
// are pushed by the loop below); the routes of deleted aliases wait in mailgun_route_deletions.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailAliases, mailgunRouteDeletions } from '../../db/schema';
import type { EmailAliasRow } from '../../db/schema';
import type { MailgunClient, MailgunRoute } from './mailgunClient';

// Addresses here hold only letters, digits and . _ + - (localPartSchema, the domain list):
// '.' and '+' become one-character classes, so no backslash depends on how Mailgun's
// expression strings treat escapes.
const escapeRegex = (text: string) => text.replace(/[.+]/g, '[$&]');

/** The route that delivers the alias. */
export function routeOf(
  alias: Pick<EmailAliasRow, 'id' | 'localPart' | 'domain' | 'recipients'>,
): MailgunRoute {
  const address = `${alias.localPart}@${alias.domain}`.toLowerCase();
  return {
    priority: 0,
    description: `chapters alias ${alias.id}: ${address}`,
    expression: `match_recipient("^${escapeRegex(address)}$")`,
    actions: [...alias.recipients.map((r) => `forward("${r.replace(/"/g, '')}")`), 'stop()'],
  };
}

/** Pushes one alias to Mailgun (create, update or delete its route) and records it. */
export async function pushAlias(db: Db, mailgun: MailgunClient, id: number): Promise<void> {
  // The stamp as PostgreSQL's text: a JavaScript Date would drop its microseconds.
  const [row] = await db
    .select({ alias: emailAliases, stamp: sql<string>`${emailAliases.updatedAt}::text` })
    .from(emailAliases)
    .where(eq(emailAliases.id, id))
    .limit(1);
  if (!row) return;
  const { alias } = row;
  let routeId = alias.mailgunRouteId;
  if (alias.recipients.length === 0) {
    if (routeId) await mailgun.deleteRoute(routeId);
    routeId = null;
  } else if (!routeId || !(await mailgun.updateRoute(routeId, routeOf(alias)))) {
    routeId = await mailgun.createRoute(routeOf(alias));
  }
  // Only if nothing changed meanwhile; otherwise the row stays due and is pushed again.
  await db
    .update(emailAliases)
    .set({
      mailgunRouteId: routeId,
      mailgunSyncedAt: sql`${emailAliases.updatedAt}`,
      updatedAt: sql`${emailAliases.updatedAt}`,
    })
    .where(
      and(eq(emailAliases.id, id), sql`${emailAliases.updatedAt} = ${row.stamp}::timestamptz`),
    );
}

/** Deletes a removed alias's route at Mailgun, then forgets it. */
export async function dropRoute(db: Db, mailgun: MailgunClient, routeId: string): Promise<void> {
  await mailgun.deleteRoute(routeId);
  await db.delete(mailgunRouteDeletions).where(eq(mailgunRouteDeletions.routeId, routeId));
}

/** Pushes whatever is due, a batch at a time. Answers how many changes went to Mailgun. */
export async function syncPending(db: Db, mailgun: MailgunClient, batch = 50): Promise<number> {
  let done = 0;
  const deletions = await db.select().from(mailgunRouteDeletions).limit(batch);
  for (const { routeId } of deletions) {
    await dropRoute(db, mailgun, routeId);
    done += 1;
  }
  const due = await db
    .select({ id: emailAliases.id })
    .from(emailAliases)
    .where(sql`${emailAliases.mailgunSyncedAt} is distinct from ${emailAliases.updatedAt}`)
    .limit(batch);
  for (const { id } of due) {
    await pushAlias(db, mailgun, id);
    done += 1;
  }
  return done;
}

export interface MailgunSyncLoop {
  stop(): void;
}

/** Every `intervalMs`, pushes what is due; a failure (rate limit...) waits for the next turn. */
export function startMailgunSync(options: {
  db: Db;
  mailgun: MailgunClient;
  intervalMs: number;
  log: { warn: (obj: object, msg: string) => void };
}): MailgunSyncLoop {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const turn = async () => {
    try {
      while (!stopped && (await syncPending(options.db, options.mailgun)) > 0) {
        // more to do
      }
    } catch (err) {
      options.log.warn({ err }, 'Mailgun alias sync failed; trying again later');
    }
    if (!stopped) timer = setTimeout(() => void turn(), options.intervalMs);
  };
  if (options.intervalMs > 0) timer = setTimeout(() => void turn(), 0);
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
