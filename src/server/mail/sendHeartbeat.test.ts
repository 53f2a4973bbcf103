// The send worker's heartbeat: a live worker keeps its claimed rows however long a send takes,
// a worker that stops beating (a process that died) loses them a lease later, and a worker
// that lost a row, or whose heartbeat fails, does not send what is no longer safely its own.
// Mailers of the test's own stand in for SMTP: what matters here is who sends what, and when.
// "When" is on a clock the test moves (../test/testClock.ts): a beat is due, a lease runs out
// and an idle worker looks for work only as the test moves it, so a slow machine changes
// nothing; a worker is waited for until it is idle again, never for a time.
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { mailingDeliveries, mailingListContacts } from '../db/schema';
import { createTestApp } from '../test/app';
import { passTime, TestClock } from '../test/testClock';
import { queueMessage, waitForMessage, type TestApp } from '../modules/mailing/testWorld';
import type { OutgoingMail, SmtpSender } from './mailer';
import { createSendWorker, type SendWorker } from './sendWorker';

const silent = { info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const POLL_MS = 20;
const LEASE_MS = 600;
/** The file's clock: it moves only when a test moves it. */
const clock = new TestClock();
let t: TestApp;
const workers: SendWorker[] = [];
/** Sends held until the test lets them go (a slow SMTP server), released at the end. */
const held: (() => void)[] = [];

interface TestMailer extends SmtpSender {
  /** Recipients whose copy the SMTP server took. */
  sent: string[];
  /** Recipients whose send began. */
  begun: string[];
}

/** A mailer whose sends wait for `gate(mail)` (resolved at once by default). */
function testMailer(gate: (mail: OutgoingMail) => Promise<void> = async () => {}): TestMailer {
  const sent: string[] = [];
  const begun: string[] = [];
  return {
    sent,
    begun,
    async sendNow(mail) {
      begun.push(mail.to);
      await gate(mail);
      sent.push(mail.to);
    },
  };
}

/** A send that waits until the test says so. */
function holdUntilReleased(): Promise<void> {
  return new Promise((resolve) => held.push(resolve));
}

/** The send held last comes back. */
function releaseHeld() {
  held.pop()!();
}

function worker(mailer: SmtpSender, leaseMs: number, db: Db = t.db): SendWorker {
  const made = createSendWorker({
    db,
    mailer,
    log: silent,
    publicUrl: 'https://chapters.example.org',
    tracking: false,
    pollMs: POLL_MS,
    leaseMs,
    concurrency: 1,
    clock,
  });
  workers.push(made);
  return made;
}

const ledger = (messageId: number) =>
  t.db
    .select({
      status: mailingDeliveries.status,
      attempts: mailingDeliveries.attempts,
      email: mailingListContacts.email,
      leaseUntil: mailingDeliveries.leaseUntil,
    })
    .from(mailingDeliveries)
    .innerJoin(mailingListContacts, eq(mailingListContacts.id, mailingDeliveries.contactId))
    .where(eq(mailingDeliveries.messageId, messageId));

/** Waits (in real time) for what a worker does without the clock moving; the bound finds hangs. */
async function waitFor(what: string, ready: () => boolean, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > until) throw new Error(`${what}: not in time`);
    await sleep(10);
  }
}

const once = (emails: readonly string[], sent: readonly string[]) => {
  for (const email of emails)
    expect(
      sent.filter((s) => s === email),
      email,
    ).toHaveLength(1);
  expect(sent).toHaveLength(emails.length);
};

beforeAll(async () => {
  t = await createTestApp({ env: { MAIL_SEND_POLL_MS: '0' } });
  await t.app.ready();
});
afterAll(async () => {
  for (const release of held) release();
  for (const w of workers) await w.stop();
  await t.close();
});

describe('the send worker heartbeat', () => {
  it('takes a dead server’s email up within about 30 seconds by default', () => {
    expect(t.config.mail.sendLeaseMs).toBe(30_000);
  });

  it('keeps a live worker’s rows through a send three leases long', async () => {
    const { messageId, emails } = await queueMessage(t, 'slowsend', 6);
    const slow = testMailer(async (mail) => {
      if (mail.to === 'slowsend0@example.org') await holdUntilReleased();
    });
    const other = testMailer();
    const first = worker(slow, LEASE_MS);
    first.start();
    await waitFor('the slow send', () => slow.begun.length === 1);
    // Another worker looks for work at every poll: nothing of the first one's is ever claimable.
    const second = worker(other, LEASE_MS);
    second.start();
    await second.waiting();
    await passTime(clock, 3 * LEASE_MS, POLL_MS, [second]);
    const kept = await ledger(messageId);
    expect(kept.every((r) => r.status === 'sending' && r.attempts === 1)).toBe(true);
    expect(kept.every((r) => r.leaseUntil!.getTime() > clock.now())).toBe(true);

    // The send comes back at last.
    releaseHeld();
    await waitForMessage(t, messageId);
    await Promise.all([first.stop(), second.stop()]);

    expect(other.sent).toHaveLength(0);
    once(emails, slow.sent);
    const rows = await ledger(messageId);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('lets another worker take a worker’s rows a lease after it stops beating', async () => {
    const { messageId, emails } = await queueMessage(t, 'stopsbeating', 8);
    const dying = testMailer(holdUntilReleased);
    let tookOverAt = 0;
    const other = testMailer(async () => {
      tookOverAt ||= clock.now();
    });
    const dead = worker(dying, LEASE_MS);
    dead.start();
    await waitFor('the first send', () => dying.begun.length === 1);
    const live = worker(other, LEASE_MS);
    live.start();
    await live.waiting();
    // Alive for more than two leases: its rows stay its own.
    await passTime(clock, 1500, POLL_MS, [live]);
    expect(other.begun).toHaveLength(0);
    expect((await ledger(messageId)).every((r) => r.status === 'sending')).toBe(true);

    // It dies in the middle of its send (which never comes back): the heart stops with it. Its
    // leases end a lease after its last beat, which was less than a beat ago.
    void dead.abandon();
    const leaseEnd = Math.max(...(await ledger(messageId)).map((r) => r.leaseUntil!.getTime()));
    expect(leaseEnd).toBeGreaterThan(clock.now() + LEASE_MS - LEASE_MS / 3);
    expect(leaseEnd).toBeLessThanOrEqual(clock.now() + LEASE_MS);
    // Up to the end of the lease the live worker looks and finds nothing.
    await passTime(clock, leaseEnd - clock.now(), POLL_MS, [live]);
    expect(other.begun).toHaveLength(0);
    // Its next look takes them over: a poll after the lease ran out, not a moment before.
    await passTime(clock, POLL_MS, POLL_MS, [live]);
    expect(tookOverAt).toBeGreaterThan(leaseEnd);
    expect(tookOverAt).toBeLessThanOrEqual(leaseEnd + POLL_MS);
    await waitForMessage(t, messageId);
    await live.stop();
    expect(dying.sent).toHaveLength(0);
    once(emails, other.sent);
    const rows = await ledger(messageId);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 2)).toBe(true);
  });

  it('does not send rows another worker took over while it was sending', async () => {
    const { messageId } = await queueMessage(t, 'lostrows', 5);
    const mailer = testMailer(holdUntilReleased);
    const lease = 3000;
    const sender = worker(mailer, lease);
    sender.start();
    await waitFor('the first send', () => mailer.begun.length === 1);
    const inFlight = mailer.begun[0]!;
    // Another worker's claim of the others (their attempts move on, as a claim's do).
    await t.db.execute(
      sql`update mailing_deliveries d
          set attempts = d.attempts + 1,
              lease_until = ${clock.leaseNow()} + interval '1 hour'
          from mailing_list_contacts c
          where d.message_id = ${messageId} and c.id = d.contact_id and c.email <> ${inFlight}`,
    );
    // A beat (every third of the lease) finds them gone; then the send in flight comes back.
    await clock.advance(lease / 3);
    releaseHeld();
    await sender.waiting();
    await sender.stop();

    expect(mailer.begun).toEqual([inFlight]);
    const rows = await ledger(messageId);
    expect(rows.find((r) => r.email === inFlight)).toMatchObject({ status: 'sent' });
    // Left to the worker that took them: not handed back, not marked.
    const taken = rows.filter((r) => r.email !== inFlight);
    expect(taken.every((r) => r.status === 'sending' && r.attempts === 2)).toBe(true);
    await t.db
      .update(mailingDeliveries)
      .set({ status: 'skipped', leaseUntil: null })
      .where(and(eq(mailingDeliveries.messageId, messageId), ne(mailingDeliveries.status, 'sent')));
  });

  it('starts nothing more once its heartbeat fails, and hands its rows back', async () => {
    const { messageId, emails } = await queueMessage(t, 'failingbeat', 5);
    // The database stays reachable for everything but the worker's renewals and claims (the
    // statements that answer `returning d.id`): a connection that fails at the worst time.
    let failing = false;
    const dialect = new PgDialect();
    const flaky = new Proxy(t.db, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (prop !== 'execute') return typeof value === 'function' ? value.bind(target) : value;
        return (query: SQL) =>
          failing && dialect.sqlToQuery(query).sql.includes('returning d.id')
            ? Promise.reject(new Error('connection lost'))
            : target.execute(query);
      },
    });
    const mailer = testMailer(async (mail) => {
      if (mail.to === 'failingbeat0@example.org') await holdUntilReleased();
    });
    const sender = worker(mailer, LEASE_MS, flaky);
    sender.start();
    await waitFor('the first send', () => mailer.begun.length === 1);
    failing = true;
    // The send outlasts the start window of the rows in hand (half a lease past the last beat
    // that worked): every beat meanwhile fails.
    await clock.advance(LEASE_MS);
    releaseHeld();
    await sender.waiting();
    expect(mailer.begun).toEqual(['failingbeat0@example.org']);
    const rows = await ledger(messageId);
    expect(rows.filter((r) => r.status === 'sent').map((r) => r.email)).toEqual([
      'failingbeat0@example.org',
    ]);
    // Handed back as if never claimed: any worker may take them at once.
    const rest = rows.filter((r) => r.status !== 'sent');
    expect(rest.every((r) => r.status === 'pending' && r.attempts === 0)).toBe(true);

    failing = false;
    await passTime(clock, POLL_MS, POLL_MS, [sender]);
    await waitForMessage(t, messageId);
    await sender.stop();
    once(emails, mailer.sent);
  });
});
