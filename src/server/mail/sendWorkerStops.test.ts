// Stopping, against a real SMTP peer: a worker that is stopped (its server shutting down)
// leaves every copy it sent recorded and hands the rest back as if never claimed; a host who
// presses Stop gets no copy handed to SMTP after the answer, and what was handed over before
// stays counted as sent. The workers run on a clock the test moves (../test/testClock.ts): no
// lease runs out and no idle worker looks again unless the test says so, so a worker that went
// idle has done all it ever would with what it held.
import { describe, expect, it } from 'vitest';
import { waitForMessage } from '../modules/mailing/testWorld';
import { TestClock } from '../test/testClock';
import { useSendWorkerWorld } from '../test/sendWorkerWorld';

const w = useSendWorkerWorld();
const clock = new TestClock();

describe('stopping a send', () => {
  it('a stopped worker leaves everything it sent recorded and the rest handed back', async () => {
    const list = await w.chapterWithList(40, 'stopping');
    const { messageId } = await w.send(list.listId, list.cookie, 'Stopping');
    const sender = w.worker({ leaseMs: 60_000, concurrency: 4, clock });
    let accepted = 0;
    let halfway!: () => void;
    const reached = new Promise<void>((resolve) => (halfway = resolve));
    w.onMessage = (mail) => {
      if (mail.subject === 'Stopping' && ++accepted === 12) halfway();
      return null;
    };
    sender.start();
    await reached;
    await sender.stop();
    w.onMessage = () => null;

    const rows = await w.ledger(messageId);
    const copies = w.copiesOf('Stopping');
    // Nothing is left claimed: what the SMTP server took is recorded, and the rest can be
    // claimed at once by any worker, as if never claimed.
    expect(rows.filter((d) => d.status === 'sent')).toHaveLength(copies.length);
    expect(rows.filter((d) => d.status === 'pending')).toHaveLength(40 - copies.length);
    expect(rows.filter((d) => d.status === 'pending').every((d) => d.attempts === 0)).toBe(true);
    const contacts = await w.contactsOf(list.listId);
    expect(contacts.filter((c) => c.numSends === 1)).toHaveLength(copies.length);

    const next = w.worker({ leaseMs: 60_000, concurrency: 4, clock });
    next.start();
    await waitForMessage(w.t, messageId);
    await next.stop();
    for (const email of list.emails) expect(w.countFor(email), email).toBe(1);
  });

  it('sends nothing more once the host stops the send: what was handed over stays sent', async () => {
    const list = await w.chapterWithList(60, 'stopped');
    const { messageId } = await w.send(list.listId, list.cookie, 'Stopped');
    const sender = w.worker({ leaseMs: 60_000, concurrency: 4, clock });
    let accepted = 0;
    let cancelled!: (at: number) => void;
    const stoppedAt = new Promise<number>((resolve) => (cancelled = resolve));
    w.onMessage = (mail) => {
      // The host presses Stop while the 8th copy is with the SMTP server and others are in
      // the loops' hands, claimed.
      if (mail.subject === 'Stopped' && ++accepted === 8) {
        void w.t.app
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
    // The loops go on until nothing is left that they would send: every row they held has had
    // its last look, and nothing more is claimable.
    await sender.waiting();
    await sender.stop();
    w.onMessage = () => null;

    const handedAfter = list.emails.filter((e) => (w.handedAt.get(e) ?? 0) > returnedAt);
    expect(handedAfter).toEqual([]);
    const copies = w.copiesOf('Stopped');
    const rows = await w.ledger(messageId);
    // Every copy the SMTP server took is recorded as sent, cancelled or not; no other row is.
    expect(rows.filter((d) => d.status === 'sent')).toHaveLength(copies.length);
    expect(copies.length).toBeGreaterThanOrEqual(8);
    expect(copies.length).toBeLessThan(60);
    expect(rows.filter((d) => d.status === 'cancelled')).toHaveLength(60 - copies.length);
    for (const email of list.emails) expect(w.countFor(email)).toBeLessThanOrEqual(1);
    const sends = await w.t.app.inject({
      url: `/api/mailing_list/chapter/${list.chapterId}/sends`,
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
