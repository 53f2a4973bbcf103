// One send of `npm run bench:send`, as an app server does it, in a process of its own: opens the
// database, asks for the send as POST send_message does (timed: the request's own latency),
// queues its recipients in the background as the app's send queuer does (timed: from the
// request's answer to the last recipient queued), and runs the send worker(s) alongside until
// the message is finished, sampling the process's RSS meanwhile.
import { count, eq } from 'drizzle-orm';
import type { User } from '../../src/common/schemas/auth';
import { chapters, mailingDeliveries, mailingMessages, users } from '../../src/server/db/schema';
import { createMailer } from '../../src/server/mail/mailer';
import { createSendQueuer } from '../../src/server/mail/sendQueuer';
import { createSendWorker } from '../../src/server/mail/sendWorker';
import { sendMessage } from '../../src/server/modules/mailing/sendService';
import { generate } from './contacts';
import { appConfig, BODY, MB, openTarget, TITLE, type Target } from './setup';

export interface SendReport {
  recipients: number;
  /** The send request's own work (sendMessage: count, message, post), ms. */
  requestMs: number;
  /** From the request's answer to every recipient queued (the queuer's batches), ms. */
  queueingMs: number;
  seconds: number;
  sentRows: number;
  /** Deliveries in the ledger for the message (each member once). */
  queuedRows: number;
  rssBeforeMb: number;
  rssFirstSecondMb: number;
  rssMaxSendingMb: number;
  rssEndMb: number;
  peakMb: number;
  cpuMs: number;
}

export interface SendOptions {
  port: number;
  workers: number;
  /** MAIL_SEND_CONCURRENCY ('' for the app's default). */
  concurrency: string | undefined;
  /** The worker's unrecordedPerLoop ('' for its default). */
  unrecorded: string | undefined;
  /** Contacts to generate first in this process (an in-memory database), or 0. */
  generateHere: number;
  /** Queue the recipients and stop: no worker, nothing sent. */
  queueOnly: boolean;
}

export async function runSend(target: Target, options: SendOptions): Promise<SendReport> {
  const database = await openTarget(target);
  try {
    const { db } = database;
    if (options.generateHere) {
      await database.migrate();
      await generate(database, options.generateHere);
    }
    const config = appConfig(options.port, options.concurrency);
    const log = { info() {}, warn() {}, error: console.error };
    const mailer = createMailer(config, db, log as never);
    const [chapter] = await db.select().from(chapters).where(eq(chapters.slug, 'bench-town'));
    const [sender] = await db.select().from(users).limit(1);

    const rssBefore = process.memoryUsage().rss;
    const cpuBefore = process.cpuUsage();
    const started = Date.now();
    const asked = performance.now();
    const { messageId, recipients } = await sendMessage(db, { id: sender!.id } as User, chapter!, {
      listId: chapter!.brontoListId!,
      title: TITLE,
      body: BODY,
    });
    const answered = performance.now();
    // --queue-only: no worker, the queueing alone (a list too long to send on a busy machine).
    const workers = Array.from({ length: options.queueOnly ? 0 : options.workers }, () =>
      createSendWorker({
        db,
        mailer,
        log,
        publicUrl: config.publicUrl,
        tracking: true,
        pollMs: 50,
        leaseMs: config.mail.sendLeaseMs,
        concurrency: config.mail.sendConcurrency,
        ...(options.unrecorded ? { unrecordedPerLoop: Number(options.unrecorded) } : {}),
      }),
    );
    workers.forEach((w) => w.start());
    // As the app wires it: each committed batch wakes the worker(s).
    const queuer = createSendQueuer({
      db,
      log,
      leaseMs: config.mail.sendLeaseMs,
      pollMs: 0,
      onQueued: () => workers.forEach((w) => w.wake()),
    });
    queuer.start();
    const queued = queuer.idle().then(() => performance.now());
    let rssFirstSecond = 0;
    let rssMax = 0;
    const sampler = setInterval(() => {
      const rss = process.memoryUsage().rss;
      rssMax = Math.max(rssMax, rss);
      if (Date.now() - started <= 1500) rssFirstSecond = Math.max(rssFirstSecond, rss);
    }, 100);
    for (;;) {
      if (options.queueOnly) {
        await queued;
        break;
      }
      const [message] = await db
        .select({ status: mailingMessages.status })
        .from(mailingMessages)
        .where(eq(mailingMessages.id, messageId));
      if (message!.status === 'finished') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (Date.now() - started) / 1000;
    const queueingMs = (await queued) - answered;
    await queuer.stop();
    clearInterval(sampler);
    const rssEnd = process.memoryUsage().rss;
    const cpu = process.cpuUsage(cpuBefore);
    await Promise.all(workers.map((w) => w.stop()));
    await mailer.close();
    const sent = await db
      .select({ id: mailingDeliveries.id })
      .from(mailingDeliveries)
      .where(eq(mailingDeliveries.status, 'sent'));
    const [{ queuedRows } = { queuedRows: 0 }] = await db
      .select({ queuedRows: count() })
      .from(mailingDeliveries)
      .where(eq(mailingDeliveries.messageId, messageId));
    return {
      recipients,
      requestMs: answered - asked,
      queueingMs,
      seconds,
      sentRows: sent.length,
      queuedRows,
      rssBeforeMb: rssBefore / MB,
      rssFirstSecondMb: (rssFirstSecond || rssEnd) / MB,
      rssMaxSendingMb: Math.max(rssMax, rssEnd) / MB,
      rssEndMb: rssEnd / MB,
      peakMb: process.resourceUsage().maxRSS / 1024,
      cpuMs: (cpu.user + cpu.system) / 1000,
    };
  } finally {
    await database.close();
  }
}
