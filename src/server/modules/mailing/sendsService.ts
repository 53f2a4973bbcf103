// A chapter's sends as its hosts watch them (issue 23): how far each got, counted from the send
// ledger, and stopping one. Sending itself is sendService.ts; the states are in
// mail/recipientQueue.ts and docs/decisions/07-chapter-email.md.
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailingDeliveries, mailingMessages } from '../../db/schema';
import type { MailingMessageRow } from '../../db/schema';
import { hasHostAccess, isAdmin } from '../../../common/policy';
import type { User } from '../../../common/schemas/auth';
import type { ChapterSend, SendStatus } from '../../../common/schemas/sends';
import { cancelDeliveries } from '../../mail/deliveries';
import { HttpError } from '../../core/httpError';

const sendNotFound = () => new HttpError(404, 'Send not found.');

/** The latest sends a screen shows; older ones are history the dashboard does not need. */
export const SENDS_SHOWN = 10;

type MessageRow = Pick<
  MailingMessageRow,
  | 'id'
  | 'subject'
  | 'createdAt'
  | 'status'
  | 'expected'
  | 'queued'
  | 'finishedAt'
  | 'kind'
  | 'scheduledFor'
>;

const messageColumns = {
  id: mailingMessages.id,
  subject: mailingMessages.subject,
  createdAt: mailingMessages.createdAt,
  status: mailingMessages.status,
  expected: mailingMessages.expected,
  queued: mailingMessages.queued,
  finishedAt: mailingMessages.finishedAt,
  kind: mailingMessages.kind,
  scheduledFor: mailingMessages.scheduledFor,
};

/** Deliveries of each message by status: one grouped count from the (message, status) index. */
async function ledgerCounts(db: Db, ids: readonly number[]) {
  const counts = new Map<number, Record<string, number>>();
  if (ids.length === 0) return counts;
  const rows = await db
    .select({
      messageId: mailingDeliveries.messageId,
      status: mailingDeliveries.status,
      n: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(mailingDeliveries)
    .where(inArray(mailingDeliveries.messageId, [...ids]))
    .groupBy(mailingDeliveries.messageId, mailingDeliveries.status);
  for (const row of rows) {
    const of = counts.get(row.messageId) ?? {};
    of[row.status] = row.n;
    counts.set(row.messageId, of);
  }
  return counts;
}

function asSend(row: MessageRow, counts: Record<string, number> = {}): ChapterSend {
  const status = row.status as SendStatus;
  return {
    id: row.id,
    title: row.subject,
    createdAt: row.createdAt.toISOString(),
    // While queueing, the ledger is still filling: the size is what was counted at the send.
    total: status === 'queueing' ? Math.max(row.expected, row.queued) : row.queued,
    sent: counts.sent ?? 0,
    failed: counts.failed ?? 0,
    status,
    kind: row.kind,
    scheduledFor: row.scheduledFor?.toISOString() ?? null,
    queued: row.queued,
    skipped: counts.skipped ?? 0,
    cancelled: counts.cancelled ?? 0,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

async function withCounts(db: Db, rows: MessageRow[]): Promise<ChapterSend[]> {
  const counts = await ledgerCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => asSend(r, counts.get(r.id)));
}

/**
 * The chapter's sends (the caller checked host access): what the schedule will send, soonest
 * first, then the latest sent or under way, newest first.
 */
export async function chapterSends(db: Db, chapterId: number): Promise<ChapterSend[]> {
  const [ahead, latest] = await Promise.all([
    db
      .select(messageColumns)
      .from(mailingMessages)
      .where(and(eq(mailingMessages.chapterId, chapterId), eq(mailingMessages.status, 'scheduled')))
      .orderBy(asc(mailingMessages.scheduledFor), asc(mailingMessages.id))
      .limit(SENDS_SHOWN),
    db
      .select(messageColumns)
      .from(mailingMessages)
      .where(and(eq(mailingMessages.chapterId, chapterId), ne(mailingMessages.status, 'scheduled')))
      .orderBy(desc(mailingMessages.createdAt), desc(mailingMessages.id))
      .limit(SENDS_SHOWN),
  ]);
  return withCounts(db, [...ahead, ...latest]);
}

/**
 * Who may stop a send: its chapter's hosts, field organizers and admins (the same as sending);
 * a send of no chapter (its chapter deleted), admins only. Anyone else signed in gets the same
 * 404 as for a send that does not exist: a 403 would tell them which ids are sends (issue 31).
 */
async function requireSendAccess(db: Db, user: User | null, id: number) {
  if (!user) throw new HttpError(401, 'Please sign in first.');
  const [row] = await db
    .select({ chapterId: mailingMessages.chapterId })
    .from(mailingMessages)
    .where(eq(mailingMessages.id, id))
    .limit(1);
  const allowed =
    row !== undefined &&
    (row.chapterId === null ? isAdmin(user) : hasHostAccess(user, row.chapterId));
  if (!allowed) throw sendNotFound();
}

/**
 * Stops a send: nothing not yet handed to SMTP is sent after this returns. Two statements in
 * one transaction, in this order: the message row first, which waits for a queueing batch under
 * way (it holds the row) and makes every later batch write nothing; then, with a snapshot taken
 * after that, every delivery still pending or claimed, those of that last batch included. A
 * worker looks at its claimed row just before handing it to SMTP (mail/startGate.ts), so a
 * cancelled row is not sent; one it handed over before is recorded as sent all the same.
 * A scheduled one (a reminder not yet due) is cancelled for good: the schedule never brings it
 * back (modules/reminders). Stopping a stopped send changes nothing; a finished one is 409.
 */
export async function cancelSend(db: Db, user: User | null, id: number): Promise<ChapterSend> {
  await requireSendAccess(db, user, id);
  const stopped = await db.transaction(async (tx) => {
    const [message] = await tx
      .update(mailingMessages)
      .set({ status: 'cancelled', finishedAt: new Date(), queueLeaseUntil: null })
      .where(
        and(
          eq(mailingMessages.id, id),
          inArray(mailingMessages.status, ['scheduled', 'queueing', 'queued']),
        ),
      )
      .returning({ id: mailingMessages.id });
    if (!message) return false;
    await cancelDeliveries(tx, id);
    return true;
  });
  const [row] = await db
    .select(messageColumns)
    .from(mailingMessages)
    .where(eq(mailingMessages.id, id))
    .limit(1);
  if (!row) throw sendNotFound();
  if (!stopped && (row.status === 'finished' || row.status === 'dropped')) {
    throw new HttpError(409, 'This email has been sent to everyone already.');
  }
  const [send] = await withCounts(db, [row]);
  return send!;
}
