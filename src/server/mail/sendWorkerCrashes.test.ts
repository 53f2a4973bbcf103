// The send worker when its server dies mid-send, against a real SMTP peer: nothing is lost, a
// copy the SMTP server took but nobody recorded is sent again with the same Message-ID (and no
// more such copies than the loops may leave unrecorded), and another worker takes over a dead
// one's batch once its lease runs out.
import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { waitForMessage } from '../modules/mailing/testWorld';
import { recipientOf, sleep, useSendWorkerWorld } from '../test/sendWorkerWorld';

const w = useSendWorkerWorld();

describe('a send worker that dies mid-send', () => {
  it('loses nothing halfway: every contact gets the message exactly once', async () => {
    const list = await w.chapterWithList(40, 'crash');
    const { messageId, recipients } = await w.send(list.listId, list.cookie, 'Crash test');
    expect(recipients).toBe(40);

    const first = w.worker();
    let crashed!: () => void;
    const crash = new Promise<void>((resolve) => (crashed = resolve));
    w.onMessage = () => {
      if (w.copiesOf('Crash test').length < 15) return null;
      // The 16th message: the process "dies" while the SMTP server has it, before accepting.
      first.abandon();
      crashed();
      return new Error('connection lost');
    };
    first.start();
    await crash;
    w.onMessage = () => null;
    // Let the dead worker's last send come back: it must write nothing.
    await sleep(100);
    const statuses = (await w.ledger(messageId)).map((d) => d.status);
    expect(statuses.filter((s) => s === 'sent')).toHaveLength(15);
    // The one in hand and the rest of its batch stay claimed by the dead worker.
    const claimedByTheDead = statuses.filter((s) => s === 'sending').length;
    expect(claimedByTheDead).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 'pending')).toHaveLength(25 - claimedByTheDead);

    const second = w.worker();
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
      const first = w.worker({ leaseMs: 300, concurrency: inFlight, unrecordedPerLoop });
      let accepted = 0;
      let crashed!: () => void;
      const crash = new Promise<void>((resolve) => (crashed = resolve));
      w.onMessage = (mail) => {
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
      await sleep(400);
      w.onMessage = () => null;
      // The live worker's lease is longer than its sends, as the configuration requires: only
      // the dead one's must run out for the test to end.
      const live = w.worker({ leaseMs: 60_000, concurrency: inFlight });
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
    const dead = w.worker({ leaseMs: 500, batchSize: 20 });
    let crashed!: () => void;
    const crash = new Promise<void>((resolve) => (crashed = resolve));
    w.onMessage = (mail) => {
      // The first copy reaches the SMTP server and the server dies before recording it.
      if (mail.subject === 'Takeover') {
        dead.abandon();
        crashed();
      }
      return null;
    };
    dead.start();
    await crash;
    w.onMessage = () => null;
    const atCrash = await w.ledger(messageId);
    expect(atCrash.filter((d) => d.status === 'sent')).toHaveLength(0);
    expect(atCrash.filter((d) => d.status === 'sending')).toHaveLength(20);

    await sleep(600);
    const live = w.worker({ leaseMs: 60_000, concurrency: 2 });
    live.start();
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
