// Mail the app sends by itself (a receipt, a welcome, a sign-in or RSVP link...). With SMTP_URL
// set, `send` writes the mail to the queue (mail_queue) and tries it at once; a mail the SMTP
// server did not take is tried again by every server's loop (./mailQueueLoop.ts) until it is
// taken, refused for good, or a day old (docs/decisions/26-transactional-mail.md). Without
// SMTP_URL, mail is kept in the mail_outbox table and printed to the log, so every flow works on
// a fresh machine.
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type Mail from 'nodemailer/lib/mailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { withAttachments } from './mailAttachments';
import type { NewQueuedMail } from './mailQueue';
import { queueSender, type QueueSender } from './mailQueueSender';
import { realClock, type WorkerClock } from './workerClock';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** `<unique@host>`; the same on every try of one delivery. Made up if absent. */
  messageId?: string;
  /** A display name for MAIL_FROM's address (a chapter's email comes from the chapter). */
  fromName?: string;
  replyTo?: string;
  /**
   * A calendar file (iCalendar text) attached as CALENDAR_FILE: a meeting's date in the mail to
   * those going (issue 34). Its METHOD (PUBLISH, CANCEL) goes in the part's Content-Type too.
   */
  calendar?: string;
}

/** Hands a mail to the SMTP server now; rejects when it is not taken. */
export interface SmtpSender {
  sendNow(mail: OutgoingMail): Promise<void>;
}

export interface Mailer extends SmtpSender {
  /** 'smtp' or 'outbox': where mail goes. */
  readonly kind: 'smtp' | 'outbox';
  /**
   * Sends a mail that must not be lost: resolved once it is written (to the queue with SMTP,
   * to the outbox without), whatever the SMTP server says; rejects only when it could not be
   * written. `sendNow` is for the sends whose caller retries itself (the send ledger's worker)
   * or wants the SMTP server's answer (a test copy someone is waiting for).
   */
  send(mail: OutgoingMail): Promise<void>;
  /** The queue with SMTP (its loop claims and tries what is due); null for the outbox. */
  readonly queue: QueueSender | null;
  /** Waits a little for tries under way (they are left to the lease after), then closes. */
  close(): Promise<void>;
}

export interface MailerOptions {
  /** The queue's leases and waits (a test's clock in tests). */
  clock?: WorkerClock;
}

// How long a request waits for the first try of the mail it wrote: on a working SMTP server the
// try is over in milliseconds, and a test reading the catcher finds the mail there; on a server
// that hangs, the person is answered anyway and the try goes on behind.
const REQUEST_WAIT_MS = 5000;
// At close, tries under way are given this long to end and be recorded.
const CLOSE_WAIT_MS = 3000;

type Sender = (name: string | undefined) => string | Mail.Address;

/**
 * MAIL_FROM, or its address under another name. MAIL_FROM is parsed once, not per copy: the
 * parse was a per-copy cost of the send worker's that nodemailer alone does not have.
 */
function senderOf(from: string): Sender {
  const address = addressparser(from, { flatten: true })[0]?.address ?? from;
  return (name) => (name ? { name, address } : from);
}

/** The same as one header's text (the outbox and the queue keep it so). */
function senderText(sender: Sender, name: string | undefined) {
  const named = sender(name);
  return typeof named === 'string' ? named : `${JSON.stringify(named.name)} <${named.address}>`;
}

/** `work`, or `ms` gone by, whichever comes first (the timer is cleared either way). */
async function atMost(ms: number, work: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const pause = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  try {
    await Promise.race([work, pause]);
  } finally {
    clearTimeout(timer);
  }
}

export function createMailer(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  { clock = realClock }: MailerOptions = {},
): Mailer {
  const sender = senderOf(config.mail.from);
  if (config.mail.smtpUrl) return smtpMailer(config, db, log, clock);
  // The outbox keeps a message's text and headers; an attached calendar file is left out (a
  // developer reads the text in the log; a test that needs the file reads it over SMTP).
  const keep = async ({ calendar: _attachment, ...mail }: OutgoingMail) => {
    await db.insert(mailOutbox).values({
      to: mail.to,
      from: senderText(sender, mail.fromName),
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      headers: {
        ...mail.headers,
        ...(mail.replyTo ? { 'Reply-To': mail.replyTo } : {}),
        ...(mail.messageId ? { 'Message-ID': mail.messageId } : {}),
      },
    });
    // A developer without SMTP reads (and clicks) the mail here.
    log.info(
      { to: mail.to, subject: mail.subject },
      `Mail kept in the outbox (no SMTP_URL):\n${mail.text}`,
    );
  };
  return { kind: 'outbox', send: keep, sendNow: keep, queue: null, close: async () => {} };
}

function smtpMailer(config: Config, db: Db, log: FastifyBaseLogger, clock: WorkerClock): Mailer {
  const sender = senderOf(config.mail.from);
  const smtpUrl = config.mail.smtpUrl!;
  // Pooled: a chapter email is thousands of messages, and a new connection (and TLS
  // handshake) per message would cost more than the message. `?pool=false` in SMTP_URL undoes it.
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true });
  // The queue's own connections, so a receipt never waits behind a chapter email's thousands,
  // and with short timeouts: a server that does not answer is tried again later.
  const queueTransport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  });
  const queue = queueSender({ db, transport: queueTransport, log, clock });
  const domain = config.mail.fromAddress.split('@')[1] ?? 'localhost';
  const underWay = new Set<Promise<unknown>>();

  const toQueue = ({ fromName, ...mail }: OutgoingMail): NewQueuedMail => ({
    to: mail.to,
    from: senderText(sender, fromName),
    replyTo: mail.replyTo ?? null,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    calendar: mail.calendar ?? null,
    headers: mail.headers ?? {},
    messageId: mail.messageId ?? `<${randomUUID()}@${domain}>`,
  });

  return {
    kind: 'smtp',
    queue,
    async send(mail) {
      const row = await queue.write(toQueue(mail));
      const first = queue.attempt(row);
      underWay.add(first);
      void first.finally(() => underWay.delete(first));
      await atMost(REQUEST_WAIT_MS, first);
    },
    async sendNow({ fromName, ...mail }) {
      await transport.sendMail(withAttachments({ ...mail, from: sender(fromName) }));
    },
    async close() {
      await atMost(CLOSE_WAIT_MS, Promise.allSettled([...underWay]));
      transport.close();
      queueTransport.close();
    },
  };
}
