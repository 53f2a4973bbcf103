// The send worker when its server dies mid-send, against a real SMTP peer: nothing is lost, a
// copy the SMTP server took but nobody recorded is sent again with the same Message-ID (and no
// more such copies than the loops may leave unrecorded), and another worker takes over a dead
// one's batch once its lease runs out. The workers run on a clock the test moves
// (../test/testClock.ts): a lease runs out when the test moves the clock past it, not while a
// slow machine sends, and a dead worker is waited for until it has ended what it had begun.
import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { waitForMessage } from '../modules/mailing/testWorld';
import { passTime, TestClock } from '../test/testClock';
import { POLL_MS, recipientOf, useSendWorkerWorld } from '../test/sendWorkerWorld';

const w = useSendWorkerWorld();
const clock = new TestClock();

describe('a send worker that dies mid-send', () => {
  it('loses nothing halfway: every contact gets the message exactly once', async () => {
    const list = await w.chapterWithList(40, 'crash');
    const { messageId, recipients } = await w.send(list.listId, list.cookie, 'Crash test');
    expect(recipients).toBe(40);

    const lease = 1000;
    const first = w.worker({ leaseMs: lease, clock });
    let crashed!: (died: Promise<void>) => void;
    const crash = new Promise<void>((resolve) => (crashed = resolve));
    w.onMessage = () => {
      if (w.copiesOf('Crash test').length < 15) return null;
      // The 16th message: the process "dies" while the SMTP server has it, before accepting.
      crashed(first.abandon());
      return new Error('connection lost');
    };
    first.start();
    // The dead worker's last send comes back (it must write nothing) and what it had begun to
    // write lands.
    await crash;
    w.onMessage = () => null;
    const statuses = (await w.ledger(messageId)).map((d) => d.status);
    expect(statuses.filter((s) => s === 'sent')).toHaveLength(15);
    // The one in hand and the rest of its batch stay claimed by the dead worker.
    const claimedByTheDead = statuses.filter((s) => s === 'sending').length;
    expect(claimedByTheDead).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 'pending')).toHaveLength(25 - claimedByTheDead);

    // Its leases run out; another worker takes them over.
    await clock.advance(lease + 1);
    const second = w.worker({ leaseMs: lease, clock });
    second.start();
    await waitForMessage(w.t, messageId);
    // Each test runs its own workers: a leftover one would share the next tests' lists.
    await second.stop();
    for (const email of list.emails) expect(w.countFor(email), email).toBe(1);
    expect(w.copiesOf('Crash test')).toHaveLength(40);
    const rows = await w.ledger(messageId);
    expect(rows.every((d) => d.status === 'sent' && d.sentAt !== null)).toBe(true);
    expect(rows.filter((d) => d.attempts === 2)).toHaveLength(claimedByTheDead);
    const contacts = await w.contactsOf(list.listId);
    expect(contacts.every((c) => c.numSends === 1 && c.lastActivity !== null)).toBe(true);
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
      const list = await w.chapterWithList(30, `inflight${unrecordedPerLoop}-`);
      const { messageId } = await w.send(list.listId, list.cookie, subject);
      const lease = 300;
      const first = w.worker({ leaseMs: lease, concurrency: inFlight, unrecordedPerLoop, clock });
      let accepted = 0;
      let crashed!: (died: Promise<void>) => void;
      const crash = new Promise<void>((resolve) => (crashed = resolve));
      w.onMessage = (mail) => {
        // The SMTP server takes the 10th message, and the sender dies before hearing so: it
        // and whatever else was sent but not yet recorded are in the ledger as 'sending'.
        if (mail.subject === subject && ++accepted === 10) crashed(first.abandon());
        return null;
      };
      first.start();
      // The dead worker has ended what it had begun, and its leases run out; only then does
      // another worker take over.
      await crash;
      w.onMessage = () => null;
      await clock.advance(lease + 1);
      const live = w.worker({ leaseMs: lease, concurrency: inFlight, clock });
      live.start();
      await waitForMessage(w.t, messageId);
      await live.stop();

      const copies = w.copiesOf(subject);
      const byRecipient = new Map<string, ParsedMail[]>();
      for (const mail of copies) {
        const to = recipientOf(mail);
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
      expect((await w.ledger(messageId)).every((d) => d.status === 'sent')).toBe(true);
    },
  );

  it('takes over the batch of a server that died, sending it with the same Message-IDs', async () => {
    const list = await w.chapterWithList(20, 'takeover');
    const { messageId } = await w.send(list.listId, list.cookie, 'Takeover');
    const lease = 500;
    const dead = w.worker({ leaseMs: lease, batchSize: 20, clock });
    let crashed!: (died: Promise<void>) => void;
    const crash = new Promise<void>((resolve) => (crashed = resolve));
    w.onMessage = (mail) => {
      // The first copy reaches the SMTP server and the server dies before recording it.
      if (mail.subject === 'Takeover') crashed(dead.abandon());
      return null;
    };
    dead.start();
    await crash;
    w.onMessage = () => null;
    const atCrash = await w.ledger(messageId);
    expect(atCrash.filter((d) => d.status === 'sent')).toHaveLength(0);
    expect(atCrash.filter((d) => d.status === 'sending')).toHaveLength(20);

    // Another worker finds nothing to take while the dead one's lease lasts, and takes its batch
    // once the lease has run out.
    const live = w.worker({ leaseMs: lease, concurrency: 2, clock });
    live.start();
    await passTime(clock, lease, POLL_MS, [live]);
    expect(w.copiesOf('Takeover')).toHaveLength(1);
    expect((await w.ledger(messageId)).every((d) => d.status === 'sending')).toBe(true);
    await passTime(clock, POLL_MS, POLL_MS, [live]);
    await waitForMessage(w.t, messageId);
    await live.stop();

    const rows = await w.ledger(messageId);
    expect(rows.every((d) => d.status === 'sent')).toBe(true);
    const copies = w.copiesOf('Takeover');
    // The one in flight when it died may arrive twice (one loop in flight), the rest once.
    expect(copies.length).toBeGreaterThanOrEqual(20);
    expect(copies.length).toBeLessThanOrEqual(21);
    for (const contact of await w.contactsOf(list.listId)) {
      const row = rows.find((d) => d.contactId === contact.id)!;
      const mine = copies.filter((m) => recipientOf(m) === contact.email);
      expect(mine.length, contact.email).toBeGreaterThanOrEqual(1);
      for (const mail of mine)
        expect(mail.messageId).toBe(`<${row.trackingToken}@chapters.example.org>`);
      expect(contact.numSends).toBe(1);
    }
  });
});
