// The send worker against a real SMTP peer (smtp-server): a worker that dies mid-send loses
// nothing and repeats nothing, concurrent workers share a list, the unsubscribe link of a
// received message works, and SMTP refusals end as failed or retried deliveries.
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapters, mailingDeliveries, mailingListContacts } from '../db/schema';
import { createTestApp } from '../test/app';
import { signedInUser } from '../test/users';
import { addContacts, newList, waitForMessage, type TestApp } from '../modules/mailing/testWorld';
import { createSendWorker, type SendWorker, type SendWorkerOptions } from './sendWorker';

const PUBLIC_URL = 'https://chapters.example.org';
const silent = { info() {}, warn() {}, error() {} };

/** What the SMTP peer does with the next message: accept it, or refuse it. */
let onMessage: (mail: ParsedMail) => Error | null = () => null;
const received: ParsedMail[] = [];
const refuse = new Map<string, number>();
/** When the worker handed each address's copy to the mailer (the SMTP client), by address. */
const handedAt = new Map<string, number>();
let smtp: SMTPServer;
let t: TestApp;
let host: { cookie: string };
const workers: SendWorker[] = [];

function worker(
  leaseMs = 1000,
  concurrency = 1,
  batchSize?: number,
  unrecordedPerLoop?: number,
  extra: Pick<SendWorkerOptions, 'onSmtpAnswer'> = {},
): SendWorker {
  const mailer = t.app.mailer;
  const made = createSendWorker({
    ...extra,
    ...(batchSize ? { batchSize } : {}),
    ...(unrecordedPerLoop ? { unrecordedPerLoop } : {}),
    db: t.db,
    mailer: {
      kind: mailer.kind,
      close: () => mailer.close(),
      send: (mail) => {
        handedAt.set(mail.to, performance.now());
        return mailer.send(mail);
      },
    },
    log: silent,
    publicUrl: PUBLIC_URL,
    tracking: true,
    pollMs: 20,
    leaseMs,
    concurrency,
  });
  workers.push(made);
  return made;
}

const countFor = (email: string) =>
  received.filter((m) => m.to && 'text' in m.to && m.to.text === email).length;

async function chapterWithList(size: number, prefix: string) {
  const listId = await newList(t, `${prefix} list`);
  const [chapter] = await t.db
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
  await addContacts(t, listId, emails);
  const user = await signedInUser(t, { hostOf: [chapter!.id] });
  return { listId, emails, cookie: user.cookie };
}

async function send(listId: string, cookie: string, title: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/mailing_list/send_message',
    headers: { cookie },
    payload: { title, body: '<p>Come along.</p>', listId },
  });
  expect(res.statusCode).toBe(202);
  // The recipients are queued in the background (./sendQueuer.ts); these tests read the ledger
  // as soon as the send is made.
  await t.app.sendQueuer.idle();
  return res.json() as { messageId: number; recipients: number };
}

const chapterOf = async (listId: string) =>
  (await t.db.select().from(chapters).where(eq(chapters.brontoListId, listId)))[0]!.id;

const ledger = (messageId: number) =>
  t.db.select().from(mailingDeliveries).where(eq(mailingDeliveries.messageId, messageId));

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    onRcptTo(address, _session, callback) {
      const code = refuse.get(address.address);
      if (!code) return callback();
      callback(Object.assign(new Error(`refused ${code}`), { responseCode: code }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        const refusal = onMessage(mail);
        if (refusal) return callback(refusal);
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Network <news@example.org>',
      PUBLIC_URL,
      // This app runs no worker of its own: the tests start and kill theirs.
      MAIL_SEND_POLL_MS: '0',
    },
  });
  await t.app.ready();
  host = { cookie: '' };
});
afterAll(async () => {
  for (const w of workers) await w.stop();
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('the send worker', () => {
  it('survives a crash halfway: every contact gets the message exactly once', async () => {
    const list = await chapterWithList(40, 'crash');
    host = { cookie: list.cookie };
    const { messageId, recipients } = await send(list.listId, list.cookie, 'Crash test');
    expect(recipients).toBe(40);

    const first = worker();
    let crashed!: () => void;
    const crash = new Promise<void>((resolve) => (crashed = resolve));
    onMessage = () => {
      if (received.length < 15) return null;
      // The 16th message: the process "dies" while the SMTP server has it, before accepting.
      first.abandon();
      crashed();
      return new Error('connection lost');
    };
    first.start();
    await crash;
    onMessage = () => null;
    // Let the dead worker's last send come back: it must write nothing.
    await new Promise((r) => setTimeout(r, 100));
    const statuses = (await ledger(messageId)).map((d) => d.status);
    expect(statuses.filter((s) => s === 'sent')).toHaveLength(15);
    // The one in hand and the rest of its batch stay claimed by the dead worker.
    const claimedByTheDead = statuses.filter((s) => s === 'sending').length;
    expect(claimedByTheDead).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 'pending')).toHaveLength(25 - claimedByTheDead);

    const second = worker();
    second.start();
    await waitForMessage(t, messageId);
    // Each test runs its own workers: a leftover one would share the next tests' lists.
    await second.stop();
    for (const email of list.emails) expect(countFor(email), email).toBe(1);
    expect(received).toHaveLength(40);
    const rows = await ledger(messageId);
    expect(rows.every((d) => d.status === 'sent' && d.sentAt !== null)).toBe(true);
    expect(rows.filter((d) => d.attempts === 2)).toHaveLength(claimedByTheDead);
    const contacts = await t.db
      .select()
      .from(mailingListContacts)
      .where(eq(mailingListContacts.listId, Number(list.listId)));
    expect(contacts.every((c) => c.numSends === 1 && c.lastActivity !== null)).toBe(true);
  });

  it('sends a copy a reader can unsubscribe from, and skips them next time', async () => {
    const mail = received.find((m) => m.subject === 'Crash test')!;
    const to = (mail.to as { text: string }).text;
    expect(mail.from?.value[0]).toEqual({ name: 'crash Town', address: 'news@example.org' });
    expect(mail.replyTo?.text).toBe('crash@drinkingliberally.org');
    const header = (name: string) =>
      mail.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, '');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = header('list-unsubscribe')!.match(
      /^<https:\/\/chapters\.example\.org(.+)>$/,
    )![1]!;
    expect(mail.text).toContain('Come along.');
    const page = String(mail.html).match(
      /https:\/\/chapters\.example\.org\/unsubscribe\/([0-9a-f]{32})/,
    )![1]!;
    expect(oneClick).toBe(`/api/mailing_list/unsubscribe/${page}`);

    const info = await t.app.inject({ url: `/api/mailing_list/unsubscribe/${page}` });
    expect(info.json()).toEqual({ email: to, listName: 'crash Town', unsubscribed: false });
    const post = await t.app.inject({
      method: 'POST',
      url: oneClick,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example.net',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(mailingListContacts)
      .where(eq(mailingListContacts.email, to));
    expect(row!.status).toBe('unsub');

    const listId = String(row!.listId);
    const sender = worker(60_000);
    sender.start();
    const next = await send(listId, host.cookie, 'After the unsubscribe');
    expect(next.recipients).toBe(39);
    await waitForMessage(t, next.messageId);
    expect(received.filter((m) => m.subject === 'After the unsubscribe')).toHaveLength(39);
    expect(countFor(to)).toBe(1);
    await sender.stop();
  });

  it('shares a list between concurrent workers without sending anything twice', async () => {
    const list = await chapterWithList(30, 'shared');
    const extra = [worker(60_000), worker(60_000)];
    extra.forEach((w) => w.start());
    const { messageId } = await send(list.listId, list.cookie, 'Shared');
    extra.forEach((w) => w.wake());
    await waitForMessage(t, messageId);
    for (const email of list.emails) expect(countFor(email), email).toBe(1);
    expect((await ledger(messageId)).every((d) => d.status === 'sent')).toBe(true);
    for (const w of extra) await w.stop();
  });

  it('gives up on a permanent refusal and retries a temporary one later', async () => {
    const list = await chapterWithList(3, 'refused');
    refuse.set('refused0@example.org', 550);
    refuse.set('refused1@example.org', 451);
    // What /metrics counts as this server's copies (plugins/metrics.ts).
    const answers: string[] = [];
    const sender = worker(60_000, 1, undefined, undefined, {
      onSmtpAnswer: (answer) => answers.push(answer),
    });
    sender.start();
    const { messageId } = await send(list.listId, list.cookie, 'Refused');
    const contactId = async (email: string) =>
      (
        await t.db.select().from(mailingListContacts).where(eq(mailingListContacts.email, email))
      )[0]!.id;
    const deliveryOf = async (email: string) =>
      (
        await t.db
          .select()
          .from(mailingDeliveries)
          .where(
            and(
              eq(mailingDeliveries.messageId, messageId),
              eq(mailingDeliveries.contactId, await contactId(email)),
            ),
          )
      )[0]!;
    const until = Date.now() + 10_000;
    while ((await deliveryOf('refused2@example.org')).status !== 'sent') {
      if (Date.now() > until) throw new Error('not delivered in time');
      await new Promise((r) => setTimeout(r, 25));
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(await deliveryOf('refused0@example.org')).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('550'),
    });
    const temporary = await deliveryOf('refused1@example.org');
    expect(temporary).toMatchObject({ status: 'pending', attempts: 1 });
    expect(temporary.error).toContain('451');
    expect(temporary.leaseUntil!.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(answers.sort()).toEqual(['refused', 'refused', 'sent']);
    refuse.clear();
    await sender.stop();
  });

  // A loop sends its next message while the last is being recorded (unrecordedPerLoop 2, the
  // default), so a crash can leave two per loop sent but unrecorded; with 1, one per loop.
  it.each([
    { unrecordedPerLoop: 1, bound: 4 },
    { unrecordedPerLoop: 2, bound: 8 },
  ])(
    'sends a copy taken before a crash again with the same Message-ID, at most $bound with 4 loops and $unrecordedPerLoop unrecorded per loop',
    async ({ unrecordedPerLoop, bound }) => {
      const inFlight = 4;
      const subject = `In flight ${unrecordedPerLoop}`;
      const list = await chapterWithList(30, `inflight${unrecordedPerLoop}-`);
      const { messageId } = await send(list.listId, list.cookie, subject);
      const first = worker(300, inFlight, undefined, unrecordedPerLoop);
      let accepted = 0;
      let crashed!: () => void;
      const crash = new Promise<void>((resolve) => (crashed = resolve));
      onMessage = (mail) => {
        // The SMTP server takes the 10th message, and the sender dies before hearing so: it
        // and whatever else was sent but not yet recorded are in the ledger as 'sending'.
        if (mail.subject === subject && ++accepted === 10) {
          first.abandon();
          crashed();
        }
        return null;
      };
      first.start();
      // The dead worker's leases run out before another takes over (on a busy machine the 10th
      // message may take a while: the takeover must not start before the crash).
      await crash;
      await new Promise((r) => setTimeout(r, 400));
      onMessage = () => null;
      // The live worker's lease is longer than its sends, as the configuration requires: only
      // the dead one's must run out for the test to end.
      const live = worker(60_000, inFlight);
      live.start();
      await waitForMessage(t, messageId);
      await live.stop();

      const copies = received.filter((m) => m.subject === subject);
      const byRecipient = new Map<string, ParsedMail[]>();
      for (const mail of copies) {
        const to = (mail.to as { text: string }).text;
        byRecipient.set(to, [...(byRecipient.get(to) ?? []), mail]);
      }
      expect([...byRecipient.keys()].sort()).toEqual([...list.emails].sort());
      const duplicates = copies.length - list.emails.length;
      expect(duplicates).toBeGreaterThanOrEqual(1);
      expect(duplicates).toBeLessThanOrEqual(bound);
      for (const [to, mails] of byRecipient) {
        const ids = new Set(mails.map((m) => m.messageId));
        expect(ids.size, to).toBe(1);
        expect([...ids][0]).toMatch(/^<[0-9a-f]{32}@chapters\.example\.org>$/);
      }
      const allIds = new Set(copies.map((m) => m.messageId));
      expect(allIds.size).toBe(list.emails.length);
      expect((await ledger(messageId)).every((d) => d.status === 'sent')).toBe(true);
    },
  );

  it('stops with everything it sent recorded and the rest handed back', async () => {
    const list = await chapterWithList(40, 'stopping');
    const { messageId } = await send(list.listId, list.cookie, 'Stopping');
    const sender = worker(60_000, 4);
    let accepted = 0;
    let halfway!: () => void;
    const reached = new Promise<void>((resolve) => (halfway = resolve));
    onMessage = (mail) => {
      if (mail.subject === 'Stopping' && ++accepted === 12) halfway();
      return null;
    };
    sender.start();
    await reached;
    await sender.stop();
    onMessage = () => null;

    const rows = await ledger(messageId);
    const copies = received.filter((m) => m.subject === 'Stopping');
    // Nothing is left claimed: what the SMTP server took is recorded, and the rest can be
    // claimed at once by any worker, as if never claimed.
    expect(rows.filter((d) => d.status === 'sent')).toHaveLength(copies.length);
    expect(rows.filter((d) => d.status === 'pending')).toHaveLength(40 - copies.length);
    expect(rows.filter((d) => d.status === 'pending').every((d) => d.attempts === 0)).toBe(true);
    const contacts = await t.db
      .select()
      .from(mailingListContacts)
      .where(eq(mailingListContacts.listId, Number(list.listId)));
    expect(contacts.filter((c) => c.numSends === 1)).toHaveLength(copies.length);

    const next = worker(60_000, 4);
    next.start();
    await waitForMessage(t, messageId);
    await next.stop();
    for (const email of list.emails) expect(countFor(email), email).toBe(1);
  });

  it('sends every member exactly one copy of their own across batches and workers', async () => {
    const list = await chapterWithList(45, 'batches');
    const { messageId, recipients } = await send(list.listId, list.cookie, 'Batches');
    expect(recipients).toBe(45);
    // Unsubscribed after the send was queued: skipped when their row's turn comes.
    const gone = list.emails[20]!;
    await t.db
      .update(mailingListContacts)
      .set({ status: 'unsub' })
      .where(eq(mailingListContacts.email, gone));
    const pair = [worker(60_000, 3, 7), worker(60_000, 2, 7)];
    pair.forEach((w) => w.start());
    await waitForMessage(t, messageId);
    for (const w of pair) await w.stop();

    const contacts = await t.db
      .select()
      .from(mailingListContacts)
      .where(eq(mailingListContacts.listId, Number(list.listId)));
    const rows = await ledger(messageId);
    const copies = received.filter((m) => m.subject === 'Batches');
    expect(copies).toHaveLength(44);
    for (const contact of contacts) {
      const mine = copies.filter((m) => (m.to as { text: string }).text === contact.email);
      const row = rows.find((d) => d.contactId === contact.id)!;
      if (contact.email === gone) {
        expect(mine).toHaveLength(0);
        expect(row.status).toBe('skipped');
        expect(contact.numSends).toBe(0);
        continue;
      }
      expect(mine, contact.email).toHaveLength(1);
      expect(row.status).toBe('sent');
      expect(contact.numSends).toBe(1);
      const mail = mine[0]!;
      // Their own unsubscribe link, in the footer and in the one-click header.
      expect(String(mail.html)).toContain(`/unsubscribe/${contact.unsubscribeToken}"`);
      expect(mail.text).toContain(`/unsubscribe/${contact.unsubscribeToken}`);
      const header = mail.headerLines.find((h) => h.key === 'list-unsubscribe')!.line;
      expect(header).toContain(`/api/mailing_list/unsubscribe/${contact.unsubscribeToken}>`);
      expect(mail.messageId).toBe(`<${row.trackingToken}@chapters.example.org>`);
    }
  });

  it('takes over the batch of a server that died, sending it with the same Message-IDs', async () => {
    const list = await chapterWithList(20, 'takeover');
    const { messageId } = await send(list.listId, list.cookie, 'Takeover');
    const dead = worker(500, 1, 20);
    let crashed!: () => void;
    const crash = new Promise<void>((resolve) => (crashed = resolve));
    onMessage = (mail) => {
      // The first copy reaches the SMTP server and the server dies before recording it.
      if (mail.subject === 'Takeover') {
        dead.abandon();
        crashed();
      }
      return null;
    };
    dead.start();
    await crash;
    onMessage = () => null;
    const atCrash = await ledger(messageId);
    expect(atCrash.filter((d) => d.status === 'sent')).toHaveLength(0);
    expect(atCrash.filter((d) => d.status === 'sending')).toHaveLength(20);

    await new Promise((r) => setTimeout(r, 600));
    const live = worker(60_000, 2);
    live.start();
    await waitForMessage(t, messageId);
    await live.stop();

    const rows = await ledger(messageId);
    expect(rows.every((d) => d.status === 'sent')).toBe(true);
    const copies = received.filter((m) => m.subject === 'Takeover');
    // The one in flight when it died may arrive twice (one loop in flight), the rest once.
    expect(copies.length).toBeGreaterThanOrEqual(20);
    expect(copies.length).toBeLessThanOrEqual(21);
    const contacts = await t.db
      .select()
      .from(mailingListContacts)
      .where(eq(mailingListContacts.listId, Number(list.listId)));
    for (const contact of contacts) {
      const row = rows.find((d) => d.contactId === contact.id)!;
      const mine = copies.filter((m) => (m.to as { text: string }).text === contact.email);
      expect(mine.length, contact.email).toBeGreaterThanOrEqual(1);
      for (const mail of mine)
        expect(mail.messageId).toBe(`<${row.trackingToken}@chapters.example.org>`);
      expect(contact.numSends).toBe(1);
    }
  });

  it('sends nothing more once the host stops the send: what was handed over stays sent', async () => {
    const list = await chapterWithList(60, 'stopped');
    const { messageId } = await send(list.listId, list.cookie, 'Stopped');
    const sender = worker(60_000, 4);
    let accepted = 0;
    let cancelled!: (at: number) => void;
    const stoppedAt = new Promise<number>((resolve) => (cancelled = resolve));
    onMessage = (mail) => {
      // The host presses Stop while the 8th copy is with the SMTP server and others are in
      // the loops' hands, claimed.
      if (mail.subject === 'Stopped' && ++accepted === 8) {
        void t.app
          .inject({
            method: 'POST',
            url: `/api/mailing_list/sends/${messageId}/cancel`,
            headers: { cookie: list.cookie },
            payload: {},
          })
          .then((res) => {
            expect(res.statusCode).toBe(200);
            cancelled(performance.now());
          });
      }
      return null;
    };
    sender.start();
    const returnedAt = await stoppedAt;
    // Give the loops time to send anything they still would.
    await new Promise((r) => setTimeout(r, 500));
    await sender.stop();
    onMessage = () => null;

    const handedAfter = list.emails.filter((e) => (handedAt.get(e) ?? 0) > returnedAt);
    expect(handedAfter).toEqual([]);
    const copies = received.filter((m) => m.subject === 'Stopped');
    const rows = await ledger(messageId);
    // Every copy the SMTP server took is recorded as sent, cancelled or not; no other row is.
    expect(rows.filter((d) => d.status === 'sent')).toHaveLength(copies.length);
    expect(copies.length).toBeGreaterThanOrEqual(8);
    expect(copies.length).toBeLessThan(60);
    expect(rows.filter((d) => d.status === 'cancelled')).toHaveLength(60 - copies.length);
    for (const email of list.emails) expect(countFor(email)).toBeLessThanOrEqual(1);
    const sends = await t.app.inject({
      url: `/api/mailing_list/chapter/${rows.length && (await chapterOf(list.listId))}/sends`,
      headers: { cookie: list.cookie },
    });
    expect(sends.json()[0]).toMatchObject({
      id: messageId,
      status: 'cancelled',
      total: 60,
      sent: copies.length,
    });
  });
});
