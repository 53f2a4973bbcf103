// Transactional mail (password resets...): over SMTP when SMTP_URL is set; otherwise kept in the
// mail_outbox table and printed to the log, so every flow works on a fresh machine.
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type Mail from 'nodemailer/lib/mailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** `<unique@host>`; the same on every try of one delivery. Made up by nodemailer if absent. */
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

/** The name a message's calendar file is attached under (the mails name it). */
export const CALENDAR_FILE = 'meeting.ics';

/** The attachment of a calendar file, with its METHOD as RFC 6047 asks of the Content-Type. */
export function calendarAttachment(ics: string) {
  const method = /^METHOD:([A-Z-]+)\r?$/m.exec(ics)?.[1] ?? 'PUBLISH';
  return {
    filename: CALENDAR_FILE,
    content: ics,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}

export interface Mailer {
  /** 'smtp' or 'outbox': where `send` puts mail. */
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * MAIL_FROM, or its address under another name. MAIL_FROM is parsed once, not per copy: the
 * parse was a per-copy cost of the send worker's that nodemailer alone does not have.
 */
function senderOf(from: string): (name: string | undefined) => string | Mail.Address {
  const address = addressparser(from, { flatten: true })[0]?.address ?? from;
  return (name) => (name ? { name, address } : from);
}

export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  const from = config.mail.from;
  const sender = senderOf(from);
  if (config.mail.smtpUrl) {
    // Pooled: a chapter email is thousands of messages, and a new connection (and TLS
    // handshake) per message would cost more than the message. `?pool=false` in SMTP_URL undoes it.
    const transport = nodemailer.createTransport({ url: config.mail.smtpUrl, pool: true });
    return {
      kind: 'smtp',
      async send({ fromName, calendar, ...mail }) {
        // Pasted images are data: URIs, which most mail clients refuse to show: nodemailer
        // turns each into an inline (cid:) attachment of the message.
        await transport.sendMail({
          ...mail,
          from: sender(fromName),
          attachDataUrls: true,
          ...(calendar ? { attachments: [calendarAttachment(calendar)] } : {}),
        });
      },
      close: () => transport.close(),
    };
  }
  return {
    kind: 'outbox',
    // The outbox keeps a message's text and headers; an attached calendar file is left out (a
    // developer reads the text in the log; a test that needs the file reads it over SMTP).
    async send({ calendar: _attachment, ...mail }) {
      const named = sender(mail.fromName);
      await db.insert(mailOutbox).values({
        to: mail.to,
        from:
          typeof named === 'string' ? named : `${JSON.stringify(named.name)} <${named.address}>`,
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
    },
    close: () => {},
  };
}
