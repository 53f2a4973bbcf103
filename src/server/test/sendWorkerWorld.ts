// The send worker's test world: a real SMTP peer (smtp-server) that records what it takes and
// refuses what a test tells it to, an app that runs no worker of its own, and workers the tests
// start and kill. One per test file (`useSendWorkerWorld`), made before its tests, closed after.
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect } from 'vitest';
import { chapters, mailingDeliveries, mailingListContacts } from '../db/schema';
import { createTestApp } from './app';
import { signedInUser } from './users';
import { addContacts, newList, type TestApp } from '../modules/mailing/testWorld';
import { createSendWorker, type SendWorker, type SendWorkerOptions } from '../mail/sendWorker';

export const PUBLIC_URL = 'https://chapters.example.org';
/** How often an idle worker looks for work (on a test's clock: once the test moves it this far). */
export const POLL_MS = 20;
const silent = { info() {}, warn() {}, error() {} };

export interface WorkerOptions {
  leaseMs?: number;
  concurrency?: number;
  batchSize?: number;
  unrecordedPerLoop?: number;
  onSmtpAnswer?: SendWorkerOptions['onSmtpAnswer'];
  /** A clock the test moves (./testClock.ts); the machine's and the database's by default. */
  clock?: SendWorkerOptions['clock'];
}

export class SendWorkerWorld {
  /** What the SMTP peer does with the next message: accept it (null), or refuse it. */
  onMessage: (mail: ParsedMail) => Error | null = () => null;
  /** Every message the SMTP peer took. */
  readonly received: ParsedMail[] = [];
  /** Recipients the SMTP peer refuses at RCPT TO, with the code. */
  readonly refuse = new Map<string, number>();
  /** When the worker handed each address's copy to the mailer (the SMTP client), by address. */
  readonly handedAt = new Map<string, number>();
  private readonly workers: SendWorker[] = [];
  private smtp: SMTPServer | undefined;
  private app: TestApp | undefined;

  get t(): TestApp {
    if (!this.app) throw new Error('the send worker world is made in beforeAll');
    return this.app;
  }

  async open(): Promise<void> {
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      disableReverseLookup: true,
      onRcptTo: (address, _session, callback) => {
        const code = this.refuse.get(address.address);
        if (!code) return callback();
        callback(Object.assign(new Error(`refused ${code}`), { responseCode: code }));
      },
      onData: (stream, _session, callback) => {
        simpleParser(stream).then((mail) => {
          const refusal = this.onMessage(mail);
          if (refusal) return callback(refusal);
          this.received.push(mail);
          callback();
        }, callback);
      },
    });
    this.smtp = smtp;
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    this.app = await createTestApp({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'Network <news@example.org>',
        PUBLIC_URL,
        // This app runs no worker of its own: the tests start and kill theirs.
        MAIL_SEND_POLL_MS: '0',
      },
    });
    await this.app.app.ready();
  }

  async close(): Promise<void> {
    for (const w of this.workers) await w.stop();
    await this.app?.close();
    const smtp = this.smtp;
    if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }

  /** A worker on the app's mailer (not started), stopped at the end if the test did not. */
  worker({
    leaseMs = 1000,
    concurrency = 1,
    batchSize,
    unrecordedPerLoop,
    onSmtpAnswer,
    clock,
  }: WorkerOptions = {}): SendWorker {
    const mailer = this.t.app.mailer;
    const made = createSendWorker({
      ...(onSmtpAnswer ? { onSmtpAnswer } : {}),
      ...(batchSize ? { batchSize } : {}),
      ...(unrecordedPerLoop ? { unrecordedPerLoop } : {}),
      ...(clock ? { clock } : {}),
      db: this.t.db,
      mailer: {
        sendNow: (mail) => {
          this.handedAt.set(mail.to, performance.now());
          return mailer.sendNow(mail);
        },
      },
      log: silent,
      publicUrl: PUBLIC_URL,
      tracking: true,
      pollMs: POLL_MS,
      leaseMs,
      concurrency,
    });
    this.workers.push(made);
    return made;
  }

  /** How many copies the SMTP peer took for `email`. */
  countFor(email: string): number {
    return this.received.filter((m) => m.to && 'text' in m.to && m.to.text === email).length;
  }

  /** The copies the SMTP peer took of the message with this subject. */
  copiesOf(subject: string): ParsedMail[] {
    return this.received.filter((m) => m.subject === subject);
  }

  /** A chapter with a list of `size` active members {prefix}{i}@example.org, and its host. */
  async chapterWithList(size: number, prefix: string) {
    const listId = await newList(this.t, `${prefix} list`);
    const [chapter] = await this.t.db
      .insert(chapters)
      .values({
        title: `${prefix} Town`,
        slug: `${prefix}-${Date.now()}`,
        status: 1,
        emailAlias: prefix,
        brontoListId: listId,
      })
      .returning();
    const emails = Array.from({ length: size }, (_, i) => `${prefix}${i}@example.org`);
    await addContacts(this.t, listId, emails);
    const user = await signedInUser(this.t, { hostOf: [chapter!.id] });
    return { listId, chapterId: chapter!.id, emails, cookie: user.cookie };
  }

  /** The host sends a message to the list; its recipients are queued when this returns. */
  async send(listId: string, cookie: string, title: string) {
    const res = await this.t.app.inject({
      method: 'POST',
      url: '/api/mailing_list/send_message',
      headers: { cookie },
      payload: { title, body: '<p>Come along.</p>', listId },
    });
    expect(res.statusCode).toBe(202);
    // The recipients are queued in the background (mail/sendQueuer.ts); the tests read the ledger
    // as soon as the send is made.
    await this.t.app.sendQueuer.idle();
    return res.json() as { messageId: number; recipients: number };
  }

  ledger(messageId: number) {
    return this.t.db
      .select()
      .from(mailingDeliveries)
      .where(eq(mailingDeliveries.messageId, messageId));
  }

  contactsOf(listId: string) {
    return this.t.db
      .select()
      .from(mailingListContacts)
      .where(eq(mailingListContacts.listId, Number(listId)));
  }
}

/** The test file's world: opened before its tests, closed after them. */
export function useSendWorkerWorld(): SendWorkerWorld {
  const world = new SendWorkerWorld();
  beforeAll(() => world.open());
  afterAll(() => world.close());
  return world;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The recipient of a copy the SMTP peer took. */
export const recipientOf = (mail: ParsedMail) => (mail.to as { text: string }).text;
