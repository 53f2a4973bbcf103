import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import type { Database } from '../../db/client';
import {
  mailingDeliveries,
  mailingListContacts,
  mailingLists,
  mailingMessages,
} from '../../db/schema';
import { mailingListProvider } from './factory';
import { describeProvider } from './providerSuite';
import { builtinProvider } from './builtin';
import { queueAll } from '../recipientQueue';

let database: Database;
let listId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const [list] = await database.db.insert(mailingLists).values({ name: 'L' }).returning();
  listId = list!.id;
});
afterAll(() => database.close());

// The behaviour every provider shares (brevo.test.ts runs the same suite against Brevo).
describeProvider('builtin', async () => ({
  provider: builtinProvider(database.db),
  async unsubscribe(listId, email) {
    await database.db
      .update(mailingListContacts)
      .set({ status: 'unsub' })
      .where(eq(mailingListContacts.email, email));
    void listId;
  },
}));

describe('builtin provider: addContacts', () => {
  it('answers one result per address, in order, and stores each address once', async () => {
    const provider = mailingListProvider(database.db);
    expect(provider.name).toBe('builtin');
    const results = await provider.addContacts(String(listId), [
      'one@example.org',
      ' ONE@example.org ',
      'nope',
      'two@example.org',
    ]);
    expect(results).toEqual([
      { email: 'one@example.org', added: true },
      { email: 'ONE@example.org', added: true, existing: true },
      { email: 'nope', added: false, failure: 'invalid_email' },
      { email: 'two@example.org', added: true },
    ]);
    const rows = await database.db
      .select({ email: mailingListContacts.email })
      .from(mailingListContacts)
      .where(eq(mailingListContacts.listId, listId));
    expect(rows.map((r) => r.email).sort()).toEqual(['one@example.org', 'two@example.org']);
  });

  it('fails every address for a list that does not exist', async () => {
    const provider = mailingListProvider(database.db);
    for (const id of ['0', '123456', 'x', '', '1e3', '2147483648']) {
      expect(await provider.addContacts(id, ['a@example.org'])).toEqual([
        { email: 'a@example.org', added: false, failure: 'unknown_list' },
      ]);
    }
  });
});

describe('builtin provider: lists and contacts', () => {
  async function freshList(name = 'Fresh') {
    const provider = mailingListProvider(database.db);
    const list = await provider.createList(name);
    return { provider, list };
  }

  it('creates a list and finds it by id, but not by any other text', async () => {
    const { provider, list } = await freshList('Chapter list');
    expect(list.id).toMatch(/^\d+$/);
    expect(await provider.getList(list.id)).toEqual({ id: list.id, name: 'Chapter list' });
    // Only the canonical spelling names it: '04' or '+4' must not reach chapter 4's list.
    for (const id of ['abc', '0', '999999', '', ` ${list.id} `, `0${list.id}`, `+${list.id}`]) {
      expect(await provider.getList(id), id).toBeNull();
    }
  });

  it('says which addresses were on the list already, and reactivates only when asked', async () => {
    const { provider, list } = await freshList();
    await provider.addContacts(list.id, ['old@example.org', 'gone@example.org']);
    await database.db
      .update(mailingListContacts)
      .set({ status: 'unsub' })
      .where(eq(mailingListContacts.email, 'gone@example.org'));
    await provider.blockContact('stop@example.org');
    await provider.addContacts(list.id, ['stop@example.org']);
    await provider.blockContact('STOP@example.org', 'complained');

    const hostAdd = await provider.addContacts(
      list.id,
      ['Old@example.org', 'gone@example.org', 'stop@example.org', 'new@example.org'],
      { reactivate: false },
    );
    expect(hostAdd).toEqual([
      { email: 'Old@example.org', added: true, existing: true },
      { email: 'gone@example.org', added: false, failure: 'unsubscribed' },
      { email: 'stop@example.org', added: false, failure: 'blocked' },
      { email: 'new@example.org', added: true },
    ]);

    const selfSignUp = await provider.addContacts(list.id, ['gone@example.org']);
    expect(selfSignUp).toEqual([{ email: 'gone@example.org', added: true }]);
    const contacts = await provider.listContacts(list.id);
    expect(contacts!.map((c) => [c.email, c.status])).toEqual([
      ['gone@example.org', 'active'],
      ['new@example.org', 'active'],
      ['old@example.org', 'active'],
      ['stop@example.org', 'blocked'],
    ]);
  });

  it('lists contacts by address whatever their case, and null for an unknown list', async () => {
    const { provider, list } = await freshList();
    await provider.addContacts(list.id, ['b@example.org', 'A@example.org', 'c@example.org']);
    const contacts = await provider.listContacts(list.id);
    expect(contacts!.map((c) => c.email)).toEqual([
      'A@example.org',
      'b@example.org',
      'c@example.org',
    ]);
    expect(contacts![0]).toEqual({
      id: expect.any(Number),
      email: 'A@example.org',
      status: 'active',
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      deleted: null,
    });
    expect(await provider.listContacts('987654')).toBeNull();
  });

  it('answers details by address or id, only on the same list', async () => {
    const { provider, list } = await freshList();
    const other = await provider.createList('Other');
    await provider.addContacts(list.id, ['details@example.org']);
    const [contact] = (await provider.listContacts(list.id))!;
    const byEmail = await provider.contactDetails(list.id, 'DETAILS@example.org');
    expect(byEmail).toMatchObject({
      email: 'details@example.org',
      status: 'active',
      numSends: 0,
      numOpens: 0,
      numClicks: 0,
      blockedDate: null,
      blockedReason: null,
      lastActivity: null,
      recentMessages: [],
    });
    expect(await provider.contactDetails(list.id, String(contact!.id))).toEqual(byEmail);
    expect(await provider.contactDetails(other.id, 'details@example.org')).toBeNull();
    expect(await provider.contactDetails(other.id, String(contact!.id))).toBeNull();
  });

  it('blocks an address on every list and unblocks it', async () => {
    const { provider, list } = await freshList();
    const other = await provider.createList('Other');
    await provider.addContacts(list.id, ['both@example.org']);
    await provider.addContacts(other.id, ['Both@example.org']);
    expect(await provider.blockContact('BOTH@example.org', 'bounced twice')).toBe(2);
    const blocked = await provider.contactDetails(other.id, 'both@example.org');
    expect(blocked).toMatchObject({ status: 'blocked', blockedReason: 'bounced twice' });
    expect(blocked!.blockedDate).not.toBeNull();
    expect(await provider.unblockContact('both@example.org')).toBe(2);
    expect(await provider.contactDetails(list.id, 'both@example.org')).toMatchObject({
      status: 'active',
      blockedDate: null,
      blockedReason: null,
    });
    expect(await provider.unblockContact('both@example.org')).toBe(0);
  });

  it('removes a contact for good, and says when there was none', async () => {
    const { provider, list } = await freshList();
    await provider.addContacts(list.id, ['leaving@example.org']);
    expect(await provider.removeContact(list.id, ' Leaving@example.org ')).toBe(true);
    expect(await provider.removeContact(list.id, 'leaving@example.org')).toBe(false);
    expect(await provider.removeContact('987654', 'leaving@example.org')).toBe(false);
    expect(await provider.listContacts(list.id)).toEqual([]);
  });

  it('queues one pending delivery per active contact', async () => {
    const { provider, list } = await freshList();
    await provider.addContacts(list.id, ['a@example.org', 'b@example.org', 'c@example.org']);
    await provider.blockContact('c@example.org');
    const message = {
      listId: list.id,
      subject: 'Hello',
      html: '<p>Hi</p>',
      fromName: 'Town',
      replyTo: null,
      chapterId: null,
      senderId: null,
    };
    const queued = await provider.queueMessage(message);
    expect(queued.recipients).toBe(2);
    // The request only writes the message; its deliveries are written in the background.
    const [waiting] = await database.db
      .select()
      .from(mailingMessages)
      .where(eq(mailingMessages.id, queued.messageId));
    expect(waiting).toMatchObject({ status: 'queueing', expected: 2, queued: 0 });
    expect(await queueAll(database.db, queued.messageId, { batchSize: 1, leaseMs: 30_000 })).toBe(
      'done',
    );
    const rows = await database.db
      .select()
      .from(mailingDeliveries)
      .where(eq(mailingDeliveries.messageId, queued.messageId));
    expect(rows.map((r) => r.status)).toEqual(['pending', 'pending']);
    expect(new Set(rows.map((r) => r.trackingToken)).size).toBe(2);
    expect(rows[0]!.trackingToken).toMatch(/^[0-9a-f]{32}$/);

    const empty = await provider.createList('Empty');
    const none = await provider.queueMessage({ ...message, listId: empty.id });
    expect(none.recipients).toBe(0);
    const [done] = await database.db
      .select()
      .from(mailingMessages)
      .where(eq(mailingMessages.id, none.messageId));
    expect(done).toMatchObject({ status: 'finished' });
    await expect(provider.queueMessage({ ...message, listId: '987654' })).rejects.toThrow(
      /No mailing list/,
    );
  });
});
