// Writing a transactional mail to the queue (./mailQueue.ts) and one try of a queued mail over
// SMTP, its outcome recorded: what mailer.send does in the request, and what every server's loop
// (./mailQueueLoop.ts) does with the mail that is due.
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { withAttachments } from './mailAttachments';
import {
  claimDueMail,
  markMailNotSent,
  markMailSent,
  queueMail,
  type NewQueuedMail,
  type QueuedMail,
} from './mailQueue';
import { isPermanent, reasonOf } from './sendFailures';
import type { WorkerClock } from './workerClock';

// One try never runs past this: a server that takes the connection and then says nothing would
// otherwise hold the claim (and, in a request, the person waiting) for nodemailer's 10 minutes.
// A try cut short this way may still be taken by the server later: then the retry is a
// duplicate, with the same Message-ID.
export const TRY_LIMIT_MS = 2 * 60_000;
// A claim outlasts the longest try with room to record it.
export const QUEUE_LEASE_MS = 5 * 60_000;

export type TryOutcome = 'sent' | 'pending' | 'failed' | 'not ours';

export interface QueueSender {
  /** Writes the mail, claimed for its first try (which `attempt` makes). */
  write(mail: NewQueuedMail): Promise<QueuedMail>;
  /** One try of a claimed mail, recorded; never throws (a record that fails is logged). */
  attempt(mail: QueuedMail): Promise<TryOutcome>;
  /** Claims the mail due first; null when none is. */
  claim(): Promise<QueuedMail | null>;
}

class TryTimedOut extends Error {
  constructor() {
    super(`The SMTP server did not answer within ${TRY_LIMIT_MS / 1000} seconds.`);
  }
}

export function queueSender(options: {
  db: Db;
  transport: Transporter;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  clock: WorkerClock;
}): QueueSender {
  const { db, transport, log, clock } = options;

  function smtp(mail: QueuedMail): Promise<unknown> {
    let cancel = () => {};
    const limit = new Promise<never>((_, reject) => {
      cancel = clock.after(TRY_LIMIT_MS, () => reject(new TryTimedOut()));
    });
    const sending = transport.sendMail(
      withAttachments({
        to: mail.to,
        from: mail.from,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        text: mail.text,
        ...(mail.html !== null ? { html: mail.html } : {}),
        headers: mail.headers,
        messageId: mail.messageId,
        calendar: mail.calendar,
      }),
    );
    return Promise.race([sending, limit]).finally(cancel);
  }

  async function record(mail: QueuedMail, err: unknown): Promise<TryOutcome> {
    if (err === null) {
      await markMailSent(db, mail.id, clock.leaseNow());
      return 'sent';
    }
    const reason = reasonOf(err);
    const outcome = await markMailNotSent(db, mail, reason, isPermanent(err), clock.leaseNow());
    const level = outcome === 'failed' ? 'error' : 'warn';
    log[level]({ mailId: mail.id, attempts: mail.attempts, err: reason, outcome }, 'mail not sent');
    return outcome;
  }

  return {
    write: (mail) => queueMail(db, mail, QUEUE_LEASE_MS, clock.leaseNow()),
    async attempt(mail) {
      const err = await smtp(mail).then(
        () => null,
        (e: unknown) => e ?? new Error('refused'),
      );
      try {
        return await record(mail, err);
      } catch (recordErr) {
        // Left 'sending': tried again when its lease runs out (a copy sent is then sent twice).
        log.error({ mailId: mail.id, err: reasonOf(recordErr) }, 'mail try not recorded');
        return 'not ours';
      }
    },
    claim: () => claimDueMail(db, QUEUE_LEASE_MS, clock.leaseNow()),
  };
}
