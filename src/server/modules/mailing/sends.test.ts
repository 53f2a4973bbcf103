// Sends a host can watch and stop (issue 23): the send answers before its recipients are
// queued, they are queued in batches in the background (and again from where it stopped after
// a restart, never twice), the chapter's sends show their progress, and a stop leaves nothing
// to send. The finishing rule is checked in the orders a queuer and a worker can meet in.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { mailingDeliveries, mailingMessages } from '../../db/schema';
import { chapterSendSchema, chapterSendsSchema } from '../../../common/schemas/sends';
import { sendMessageAnswerSchema } from '../../../common/schemas/mailing';
import { finishMessage, markSent, stillClaimed } from '../../mail/deliveries';
import { completeQueueing, queueBatch } from '../../mail/recipientQueue';
import { createSendQueuer } from '../../mail/sendQueuer';
import { countActiveContacts } from '../../mail/lists/builtinQueue';
import { bulkContacts, createMailingWorld, newList, type TestApp } from './testWorld';

let t: TestApp;
let w: Awaited<ReturnType<typeof createMailingWorld>>;
const silent = { error() {} };

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(method === 'POST' ? { payload: payload ?? {} } : {}),
  });
const sendsUrl = (chapterId: number) => `/api/mailing_list/chapter/${chapterId}/sends`;
const cancelUrl = (id: number) => `/api/mailing_list/sends/${id}/cancel`;

async function send(title: string, listId = w.lists.town, cookie = w.users.host.cookie) {
  const res = await call('POST', '/api/mailing_list/send_message', cookie, {
    title,
    body: '<p>Hello.</p>',
    listId,
    post: false,
  });
  expect(res.statusCode).toBe(202);
  return sendMessageAnswerSchema.parse(res.json());
}

const message = async (id: number) =>
  (await t.db.select().from(mailingMessages).where(eq(mailingMessages.id, id)))[0]!;
const ledger = (id: number) =>
  t.db.select().from(mailingDeliveries).where(eq(mailingDeliveries.messageId, id));
const statuses = async (id: number) => (await ledger(id)).map((d) => d.status).sort();

/** A chapter list of `n` members made in one statement, written to the town chapter's list. */
async function townMembers(n: number, prefix: string) {
  await bulkContacts(t.db, w.lists.town, n, { prefix });
}

/** A message to a list of its own of `size` members, left 'queueing' with nothing queued yet. */
async function queueingMessage(size: number, prefix: string): Promise<number> {
  const listId = await newList(t, prefix);
  await bulkContacts(t.db, listId, size, { prefix });
  const [row] = await t.db
    .insert(mailingMessages)
    .values({ listId: Number(listId), subject: prefix, body: '<p>x</p>', status: 'queueing' })
    .returning();
  return row!.id;
}

/** A worker's claim of every row of the message still pending. */
const claimPending = (id: number) =>
  t.db
    .update(mailingDeliveries)
    .set({ status: 'sending' })
    .where(and(eq(mailingDeliveries.messageId, id), eq(mailingDeliveries.status, 'pending')));

/** A worker's sent marks for every row of the message it holds. */
const sendClaimed = async (id: number) =>
  markSent(
    t.db,
    (await ledger(id)).map((d) => d.id),
  );

async function sendsOf(chapterId: number, cookie = w.users.host.cookie) {
  const res = await call('GET', sendsUrl(chapterId), cookie);
  expect(res.statusCode).toBe(200);
  return chapterSendsSchema.parse(res.json());
}

beforeAll(async () => {
  // No worker: these tests play the worker's part themselves. The queuer runs (every server
  // runs one), started when the app is ready.
  t = await createTestApp({ env: { MAIL_SEND_POLL_MS: '0' } });
  await t.app.ready();
  w = await createMailingWorld(t);
});
afterAll(() => t.close());

describe('a send', () => {
  it('answers with the count, then its recipients are queued in the background, each once', async () => {
    await townMembers(40, 'bg');
    const answer = await send('In the background');
    // The three of the world's list and the 40.
    expect(answer.recipients).toBe(43);
    await t.app.sendQueuer.idle();
    const rows = await ledger(answer.messageId);
    expect(rows).toHaveLength(43);
    expect(new Set(rows.map((r) => r.contactId)).size).toBe(43);
    expect(rows.every((r) => r.status === 'pending')).toBe(true);
    expect(await message(answer.messageId)).toMatchObject({
      status: 'queued',
      expected: 43,
      queued: 43,
      queueLeaseUntil: null,
    });
  });

  it('is queued in batches, a worker may send while it is, and finishes once all is sent', async () => {
    // A queuer of its own, 10 a batch, on a message made 'queueing' by hand.
    const id = await queueingMessage(25, 'batch');
    let batches = 0;
    const queuer = createSendQueuer({
      db: t.db,
      log: silent,
      leaseMs: 30_000,
      pollMs: 0,
      batchSize: 10,
      onQueued: () => (batches += 1),
    });
    queuer.start();
    await queuer.idle();
    await queuer.stop();
    // Three batches (10, 10, 5) and the end of the message's queueing.
    expect(batches).toBe(4);
    expect(await message(id)).toMatchObject({ status: 'queued', queued: 25 });
  });
});

describe('finishing a send: whoever is last, queuer or worker', () => {
  it('the worker first: everything queued so far is sent while queueing goes on', async () => {
    const id = await queueingMessage(6, 'workerfirst');
    expect(await queueBatch(t.db, id, 4, 30_000)).toBe(4);
    await claimPending(id);
    await sendClaimed(id);
    // Nothing pending, but not all queued: the worker must not finish it.
    await finishMessage(t.db, id);
    expect((await message(id)).status).toBe('queueing');
    expect(await queueBatch(t.db, id, 4, 30_000)).toBe(2);
    await finishMessage(t.db, id);
    expect((await message(id)).status).toBe('queueing');
    // The last two pending: the queuer's end leaves it 'queued'; their worker finishes it.
    await completeQueueing(t.db, id);
    expect((await message(id)).status).toBe('queued');
    await claimPending(id);
    await sendClaimed(id);
    await finishMessage(t.db, id);
    expect(await message(id)).toMatchObject({ status: 'finished', queued: 6 });
  });

  it('the queuer last: its own end finishes a send whose every copy is already sent', async () => {
    const id = await queueingMessage(3, 'queuerlast');
    expect(await queueBatch(t.db, id, 10, 30_000)).toBe(3);
    await claimPending(id);
    await sendClaimed(id);
    // The worker looked while it was still 'queueing' and left it.
    await finishMessage(t.db, id);
    expect((await message(id)).status).toBe('queueing');
    expect(await queueBatch(t.db, id, 10, 30_000)).toBe(0);
    await completeQueueing(t.db, id);
    expect((await message(id)).status).toBe('finished');
  });

  it('many finishing attempts at once finish it once, and only when nothing is left', async () => {
    const id = await queueingMessage(8, 'together');
    await queueBatch(t.db, id, 100, 30_000);
    await claimPending(id);
    const rows = await ledger(id);
    // Every worker records its row and looks, with the queuer's end among them.
    await Promise.all([
      ...rows.map(async (r) => {
        await markSent(t.db, [r.id]);
        await finishMessage(t.db, id);
      }),
      completeQueueing(t.db, id),
    ]);
    const done = await message(id);
    expect(done.status).toBe('finished');
    expect(await statuses(id)).toEqual(Array(8).fill('sent'));
  });
});

describe('a send resumes after a restart', () => {
  it('queues what is left from where it stopped, never a copy twice', async () => {
    const id = await queueingMessage(30, 'restart');
    // The server that queued it died after two batches, its lease still running.
    await queueBatch(t.db, id, 7, 60_000);
    await queueBatch(t.db, id, 7, 60_000);
    // And, worse, its cursor was lost: the next batches go over what is queued already.
    await t.db.update(mailingMessages).set({ queuedThrough: 0 }).where(eq(mailingMessages.id, id));
    const queuer = createSendQueuer({ db: t.db, log: silent, leaseMs: 60_000, pollMs: 0 });
    queuer.start();
    await queuer.idle();
    // Held by the dead server until its lease runs out: not taken.
    expect(await message(id)).toMatchObject({ status: 'queueing', queued: 14 });
    await t.db
      .update(mailingMessages)
      .set({ queueLeaseUntil: new Date(Date.now() - 1000) })
      .where(eq(mailingMessages.id, id));
    await queuer.idle();
    await queuer.stop();
    const rows = await ledger(id);
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((r) => r.contactId)).size).toBe(30);
    expect(await message(id)).toMatchObject({ status: 'queued', queued: 30, expected: 0 });
  });

  it('answers "idle" only after a look made since it was asked', async () => {
    const id = await queueingMessage(3, 'idlelate');
    await t.db
      .update(mailingMessages)
      .set({ queueLeaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(mailingMessages.id, id));
    // The queuer's database holds back the answer of one look, once the test says so: the look
    // is made (the message still held), its answer arrives after the lease has run out.
    let holdNext = false;
    let release = () => {};
    let looked = () => {};
    const lookMade = new Promise<void>((resolve) => (looked = resolve));
    const db = new Proxy(t.db, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop);
        if (typeof value !== 'function') return value;
        if (prop !== 'execute') return value.bind(target);
        return async (...args: unknown[]) => {
          const answer: unknown = await value.apply(target, args);
          if (holdNext) {
            holdNext = false;
            looked();
            await new Promise<void>((resolve) => (release = resolve));
          }
          return answer;
        };
      },
    });
    const queuer = createSendQueuer({ db, log: silent, leaseMs: 60_000, pollMs: 0 });
    queuer.start();
    await queuer.idle();
    holdNext = true;
    queuer.wake();
    await lookMade;
    await t.db
      .update(mailingMessages)
      .set({ queueLeaseUntil: new Date(Date.now() - 1000) })
      .where(eq(mailingMessages.id, id));
    const idle = queuer.idle();
    release();
    await idle;
    // The look that began before the lease ran out did not answer for the one asked after it.
    expect(await message(id)).toMatchObject({ status: 'queued', queued: 3 });
    await queuer.stop();
  });

  it('is taken up by a server as it starts', async () => {
    const id = await queueingMessage(5, 'onstart');
    const queuer = createSendQueuer({ db: t.db, log: silent, leaseMs: 60_000, pollMs: 0 });
    // No wake, no send: starting is enough.
    queuer.start();
    await queuer.idle();
    await queuer.stop();
    expect(await message(id)).toMatchObject({ status: 'queued', queued: 5 });
  });
});

describe('GET /api/mailing_list/chapter/{chapterId}/sends', () => {
  it('shows each send of the chapter, newest first, with what was sent and what failed', async () => {
    const other = await send('Other chapter', w.lists.other, w.users.otherHost.cookie);
    const answer = await send('Progress');
    await t.app.sendQueuer.idle();
    const rows = await ledger(answer.messageId);
    await t.db
      .update(mailingDeliveries)
      .set({ status: 'sent' })
      .where(
        inArray(
          mailingDeliveries.id,
          rows.slice(0, 5).map((r) => r.id),
        ),
      );
    await t.db
      .update(mailingDeliveries)
      .set({ status: 'failed', error: '550 no such user' })
      .where(
        inArray(
          mailingDeliveries.id,
          rows.slice(5, 7).map((r) => r.id),
        ),
      );
    for (const caller of [w.users.host, w.users.fieldOrganizer, w.users.admin]) {
      const sends = await sendsOf(w.chapters.town.id, caller.cookie);
      expect(sends[0]).toMatchObject({
        id: answer.messageId,
        title: 'Progress',
        total: answer.recipients,
        queued: answer.recipients,
        sent: 5,
        failed: 2,
        status: 'queued',
        finishedAt: null,
      });
      expect(sends.map((s) => s.id)).not.toContain(other.messageId);
      expect(sends.map((s) => s.createdAt)).toEqual(
        [...sends.map((s) => s.createdAt)].sort().reverse(),
      );
    }
  });

  it('answers an empty list for a chapter that never sent', async () => {
    expect(await sendsOf(w.chapters.listless.id, w.users.listlessHost.cookie)).toEqual([]);
  });

  it('is for the chapter hosts, field organizers and admins only', async () => {
    const url = sendsUrl(w.chapters.town.id);
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, w.users.otherHost.cookie)).statusCode).toBe(403);
    expect((await call('GET', url, w.users.plain.cookie)).statusCode).toBe(403);
    expect((await call('GET', sendsUrl(987654), w.users.admin.cookie)).statusCode).toBe(404);
    const bad = await call('GET', '/api/mailing_list/chapter/x/sends', w.users.admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('chapterId');
  });
});

describe('POST /api/mailing_list/sends/{id}/cancel', () => {
  it('stops what is not sent: sent copies stay sent, claimed ones are no longer to be sent', async () => {
    const answer = await send('To be stopped');
    await t.app.sendQueuer.idle();
    const rows = await ledger(answer.messageId);
    const [sent, claimed, handedOver] = [rows[0]!, rows[1]!, rows[2]!];
    await t.db
      .update(mailingDeliveries)
      .set({ status: 'sent' })
      .where(eq(mailingDeliveries.id, sent.id));
    // Two rows a worker holds: one it is about to start, one it handed to SMTP already.
    await t.db
      .update(mailingDeliveries)
      .set({ status: 'sending', attempts: 1 })
      .where(inArray(mailingDeliveries.id, [claimed.id, handedOver.id]));

    const res = await call('POST', cancelUrl(answer.messageId), w.users.fieldOrganizer.cookie);
    expect(res.statusCode).toBe(200);
    const stopped = chapterSendSchema.parse(res.json());
    expect(stopped).toMatchObject({ status: 'cancelled', sent: 1, failed: 0 });
    expect(stopped.cancelled).toBe(answer.recipients - 1);
    expect(stopped.finishedAt).not.toBeNull();

    // The worker's last look before a send says no to both...
    const mine = await stillClaimed(t.db, [
      { id: claimed.id, attempts: 1 },
      { id: handedOver.id, attempts: 1 },
    ]);
    expect(mine.size).toBe(0);
    // ...and the one it had handed over before is recorded as sent when its record lands.
    await markSent(t.db, [handedOver.id]);
    expect(await statuses(answer.messageId)).toEqual(
      [...Array(answer.recipients - 2).fill('cancelled'), 'sent', 'sent'].sort(),
    );
    // Nothing is left for a worker, and the send never becomes 'finished'.
    await finishMessage(t.db, answer.messageId);
    expect((await message(answer.messageId)).status).toBe('cancelled');
    const [shown] = await sendsOf(w.chapters.town.id);
    expect(shown).toMatchObject({ id: answer.messageId, status: 'cancelled', sent: 2 });

    // Stopping it again changes nothing.
    const again = await call('POST', cancelUrl(answer.messageId), w.users.host.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'cancelled', sent: 2 });
  });

  it('stops a send still queueing: no row is queued after it', async () => {
    await townMembers(20, 'midqueue');
    const listId = Number(w.lists.town);
    const [row] = await t.db
      .insert(mailingMessages)
      .values({
        listId,
        chapterId: w.chapters.town.id,
        subject: 'Mid-queue',
        body: '<p>x</p>',
        status: 'queueing',
        expected: 66,
        // Held by a queuer elsewhere, so this server's queuer leaves it to the test.
        queueLeaseUntil: new Date(Date.now() + 60_000),
      })
      .returning();
    const id = row!.id;
    expect(await queueBatch(t.db, id, 10, 60_000)).toBe(10);
    const [during] = await sendsOf(w.chapters.town.id);
    expect(during).toMatchObject({ id, status: 'queueing', total: 66, queued: 10 });
    const res = await call('POST', cancelUrl(id), w.users.host.cookie);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelled: 10 });
    expect(await queueBatch(t.db, id, 10, 60_000)).toBeNull();
    await completeQueueing(t.db, id);
    expect(await statuses(id)).toEqual(Array(10).fill('cancelled'));
    expect((await message(id)).status).toBe('cancelled');
  });

  it('refuses a finished send, an unknown one, and anyone but the chapter hosts', async () => {
    const answer = await send('Finished already');
    await t.app.sendQueuer.idle();
    await claimPending(answer.messageId);
    await sendClaimed(answer.messageId);
    await finishMessage(t.db, answer.messageId);

    const running = await send('Still running');
    const url = cancelUrl(running.messageId);
    expect((await call('POST', url)).statusCode).toBe(401);
    // Another chapter's send answers as one that does not exist: ids cannot be probed.
    const missing = await call('POST', cancelUrl(987654), w.users.otherHost.cookie);
    expect(missing.statusCode).toBe(404);
    for (const caller of [w.users.otherHost, w.users.plain]) {
      const refused = await call('POST', url, caller.cookie);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual(missing.json());
    }
    expect((await message(running.messageId)).status).not.toBe('cancelled');
    expect((await call('POST', cancelUrl(987654), w.users.admin.cookie)).statusCode).toBe(404);
    const bad = await call('POST', '/api/mailing_list/sends/x/cancel', w.users.admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('id');

    const finished = await call('POST', cancelUrl(answer.messageId), w.users.admin.cookie);
    expect(finished.statusCode).toBe(409);
    expect((await message(answer.messageId)).status).toBe('finished');
    expect((await call('POST', url, w.users.admin.cookie)).json()).toMatchObject({
      status: 'cancelled',
    });
  });
});

describe('the count before a send', () => {
  it('counts the active (confirmed) members of the list only', async () => {
    const listId = await newList(t, 'Counted');
    await bulkContacts(t.db, listId, 12, { prefix: 'counted' });
    await bulkContacts(t.db, listId, 3, { prefix: 'waiting', status: 'unconfirmed' });
    await bulkContacts(t.db, listId, 2, { prefix: 'gone', status: 'unsub' });
    expect(await countActiveContacts(t.db, Number(listId))).toBe(12);
  });
});
