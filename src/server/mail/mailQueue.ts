// The transactional mail queue's transitions (mail_queue; the table's comment tells its states),
// each one statement, so that every app server may write, claim and record on one database:
//   written as 'sending' (the writer's own claim: it tries at once) -> sent | pending | failed,
//   pending (due) -> sending (claimed by a server's loop, FOR UPDATE SKIP LOCKED, leased),
//   sending whose lease ran out (its server died mid-send) -> sending again, claimed by another.
// A claim is known by its attempt count: a server records the outcome of its try only while the
// row is still 'sending' under that count (not taken over meanwhile), except 'sent', which is
// true whoever records it.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../core/database';

/** A mail as the queue keeps it and nodemailer takes it. */
export interface QueuedMail {
  id: number;
  attempts: number;
  to: string;
  from: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  calendar: string | null;
  headers: Record<string, string>;
  messageId: string;
}

export type NewQueuedMail = Omit<QueuedMail, 'id' | 'attempts'>;

// The waits between tries: 1, 5, 15 minutes, then every hour, until a day after the mail was
// written: an SMTP server down for a minute costs a minute; one down all night, the morning.
const RETRY_MINUTES = [1, 5, 15, 60];
/** A mail not taken within this long of being written is given up (failed, its last error kept). */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** Sent rows are deleted this long after sending: their text holds sign-in and RSVP links. */
export const KEEP_SENT_MS = 24 * 60 * 60_000;
/** Failed rows (their body dropped when they failed) stay this long, for the admin to see. */
export const KEEP_FAILED_MS = 30 * 24 * 60 * 60_000;

/** The wait after the `attempts`-th try failed for a while. */
export function retryDelayMs(attempts: number): number {
  const minutes = RETRY_MINUTES[Math.min(attempts, RETRY_MINUTES.length) - 1] ?? 1;
  return minutes * 60_000;
}

const ms = (n: number) => sql`${Math.trunc(n)}::bigint * interval '1 millisecond'`;

const COLUMNS = sql`id, attempts, "to", "from", reply_to as "replyTo", subject, text, html, calendar,
                    headers, message_id as "messageId"`;

/** Writes a mail, claimed by its writer for `leaseMs` (its first try is the writer's). */
export async function queueMail(
  db: Db,
  mail: NewQueuedMail,
  leaseMs: number,
  now: SQL,
): Promise<QueuedMail> {
  const [row] = await queryRows<QueuedMail>(
    db,
    sql`insert into mail_queue ("to", "from", reply_to, subject, text, html, calendar, headers,
                                message_id, status, attempts, due_at, created_at)
        values (${mail.to}, ${mail.from}, ${mail.replyTo}, ${mail.subject}, ${mail.text},
                ${mail.html}, ${mail.calendar}, ${JSON.stringify(mail.headers)}::jsonb,
                ${mail.messageId}, 'sending', 1, ${now} + ${ms(leaseMs)}, ${now})
        returning ${COLUMNS}`,
  );
  if (!row) throw new Error('mail_queue: the insert returned no row');
  return row;
}

/**
 * Claims the mail due first (a pending one whose wait is over, or a 'sending' one whose server's
 * lease ran out) for `leaseMs`; null when nothing is due. SKIP LOCKED: two servers claiming at
 * once pass over each other's row instead of queueing behind it, and never both take it.
 */
export async function claimDueMail(db: Db, leaseMs: number, now: SQL): Promise<QueuedMail | null> {
  const [row] = await queryRows<QueuedMail>(
    db,
    sql`with due as (
          select id as due_id from mail_queue
          where status in ('pending', 'sending') and due_at <= ${now}
          order by due_at
          limit 1
          for update skip locked
        )
        update mail_queue q
        set status = 'sending', attempts = q.attempts + 1, due_at = ${now} + ${ms(leaseMs)}
        from due where q.id = due.due_id
        returning ${COLUMNS}`,
  );
  return row ?? null;
}

/** Taken by the SMTP server: sent, whoever claims the row now (a late try's copy was sent too). */
export async function markMailSent(db: Db, id: number, now: SQL): Promise<void> {
  await db.execute(
    sql`update mail_queue set status = 'sent', sent_at = ${now}, last_error = null
        where id = ${id} and status in ('pending', 'sending')`,
  );
}

/**
 * Not taken: tried again after its wait, or failed (body dropped) when the refusal was for good
 * or the mail is a day old. Only while the row is still this claim's. Answers what became of it.
 */
export async function markMailNotSent(
  db: Db,
  claim: { id: number; attempts: number },
  error: string,
  permanent: boolean,
  now: SQL,
): Promise<'pending' | 'failed' | 'not ours'> {
  const [row] = await queryRows<{ status: 'pending' | 'failed' }>(
    db,
    sql`with outcome as (
          select id, case when ${permanent}::boolean or created_at <= ${now} - ${ms(GIVE_UP_AFTER_MS)}
                          then 'failed' else 'pending' end as status
          from mail_queue
          where id = ${claim.id} and attempts = ${claim.attempts} and status = 'sending'
        )
        update mail_queue q
        set status = o.status, last_error = ${error},
            due_at = ${now} + ${ms(retryDelayMs(claim.attempts))},
            -- A failed mail is never sent: its links are no one's business any more.
            text = case when o.status = 'failed' then '' else q.text end,
            html = case when o.status = 'failed' then null else q.html end,
            calendar = case when o.status = 'failed' then null else q.calendar end,
            headers = case when o.status = 'failed' then '{}'::jsonb else q.headers end
        from outcome o where q.id = o.id
        returning o.status`,
  );
  return row?.status ?? 'not ours';
}

/** Deletes the sent rows a day old and the failed ones a month old; answers how many. */
export async function purgeMailQueue(db: Db, now: SQL): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from mail_queue
        where (status = 'sent' and sent_at < ${now} - ${ms(KEEP_SENT_MS)})
           or (status = 'failed' and created_at < ${now} - ${ms(KEEP_FAILED_MS)})
        returning id`,
  );
  return rows.length;
}
