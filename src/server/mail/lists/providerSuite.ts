// One behaviour suite for every mailing-list provider: what the rest of the server relies on,
// whichever provider serves the lists. builtin.test.ts runs it on our database, brevo.test.ts
// against the fake Brevo server.
import { beforeAll, describe, expect, it } from 'vitest';
import type { MailingListProvider } from './provider';

export interface ProviderHarness {
  provider: MailingListProvider;
  /** The person used the unsubscribe link of a message from the list. */
  unsubscribe(listId: string, email: string): Promise<void>;
}

let counter = 0;
/** Addresses unique to one test, so tests never see each other's contacts. */
const address = (name: string) => `${name}-${++counter}-${Date.now()}@example.org`;

export function describeProvider(label: string, setup: () => Promise<ProviderHarness>) {
  describe(`${label} provider`, () => {
    let h: ProviderHarness;
    beforeAll(async () => {
      h = await setup();
    });
    const freshList = (name = 'Fresh') => h.provider.createList(name);

    it('creates a list and finds it by its id only', async () => {
      const list = await freshList('Chapter list');
      expect(list.id).toMatch(/^[1-9]\d*$/);
      expect(await h.provider.getList(list.id)).toEqual({ id: list.id, name: 'Chapter list' });
      for (const id of ['abc', '0', '98765432', '', ` ${list.id} `, `0${list.id}`, `+${list.id}`]) {
        expect(await h.provider.getList(id), id).toBeNull();
      }
      expect((await h.provider.allLists()).map((l) => l.id)).toContain(list.id);
    });

    it('adds: one result per address, in order, each address once', async () => {
      const list = await freshList();
      const one = address('one');
      const two = address('two');
      const results = await h.provider.addContacts(list.id, [
        one,
        ` ${one.toUpperCase()} `,
        'nope',
        two,
      ]);
      expect(results).toEqual([
        { email: one, added: true },
        { email: one.toUpperCase(), added: true, existing: true },
        { email: 'nope', added: false, failure: 'invalid_email' },
        { email: two, added: true },
      ]);
      const contacts = await h.provider.listContacts(list.id);
      expect(contacts!.map((c) => c.email.toLowerCase()).sort()).toEqual([one, two].sort());
      expect(contacts![0]).toEqual({
        id: expect.any(Number),
        email: expect.any(String),
        status: 'active',
        created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        deleted: null,
      });
    });

    it('fails every address for a list that does not exist', async () => {
      for (const id of ['0', '98765432', 'x', '', '1e3']) {
        expect(await h.provider.addContacts(id, ['a@example.org'])).toEqual([
          { email: 'a@example.org', added: false, failure: 'unknown_list' },
        ]);
      }
      expect(await h.provider.listContacts('98765432')).toBeNull();
    });

    it('re-adds: says who was there already, and keeps an unsubscribe unless they sign up', async () => {
      const list = await freshList();
      const old = address('old');
      const gone = address('gone');
      const stop = address('stop');
      await h.provider.addContacts(list.id, [old, gone, stop]);
      await h.unsubscribe(list.id, gone);
      expect(await h.provider.blockContact(stop, 'complained')).toBeGreaterThan(0);

      const hostAdd = await h.provider.addContacts(list.id, [old, gone, stop, address('new')], {
        reactivate: false,
      });
      expect(hostAdd.map((r) => [r.added, r.existing ?? false, r.failure ?? null])).toEqual([
        [true, true, null],
        [false, false, 'unsubscribed'],
        [false, false, 'blocked'],
        [true, false, null],
      ]);

      // The person signs up again: active again.
      expect(await h.provider.addContacts(list.id, [gone])).toEqual([{ email: gone, added: true }]);
      const statuses = Object.fromEntries(
        (await h.provider.listContacts(list.id))!.map((c) => [c.email.toLowerCase(), c.status]),
      );
      expect(statuses[gone]).toBe('active');
      expect(statuses[stop]).toBe('blocked');
      expect(statuses[old]).toBe('active');
    });

    it('blocks an address on every list and unblocks it', async () => {
      const list = await freshList();
      const other = await freshList('Other');
      const both = address('both');
      await h.provider.addContacts(list.id, [both]);
      await h.provider.addContacts(other.id, [both]);
      expect(await h.provider.blockContact(both.toUpperCase(), 'bounced twice')).toBeGreaterThan(0);
      for (const id of [list.id, other.id]) {
        const blocked = await h.provider.contactDetails(id, both);
        expect(blocked).toMatchObject({ status: 'blocked' });
        expect(blocked!.blockedDate).not.toBeNull();
      }
      expect(await h.provider.findContact(both)).toEqual({
        email: both,
        emailBlacklisted: true,
        listIds: [Number(list.id), Number(other.id)].sort((a, b) => a - b),
      });
      expect(await h.provider.unblockContact(both)).toBeGreaterThan(0);
      expect(await h.provider.contactDetails(list.id, both)).toMatchObject({
        status: 'active',
        blockedDate: null,
        blockedReason: null,
      });
      expect(await h.provider.unblockContact(both)).toBe(0);
      expect(await h.provider.blockContact(address('nobody'))).toBe(0);
    });

    it('removes a contact from a list, and says when it was not on it', async () => {
      const list = await freshList();
      const leaving = address('leaving');
      await h.provider.addContacts(list.id, [leaving]);
      expect(await h.provider.removeContact(list.id, ` ${leaving} `)).toBe(true);
      expect(await h.provider.removeContact(list.id, leaving)).toBe(false);
      expect(await h.provider.removeContact('98765432', leaving)).toBe(false);
      expect(await h.provider.listContacts(list.id)).toEqual([]);
      const found = await h.provider.findContact(leaving);
      expect(found?.listIds ?? []).not.toContain(Number(list.id));
    });

    it('answers details by address or id, only on the same list', async () => {
      const list = await freshList();
      const other = await freshList('Other');
      const email = address('details');
      await h.provider.addContacts(list.id, [email]);
      const [contact] = (await h.provider.listContacts(list.id))!;
      const byEmail = await h.provider.contactDetails(list.id, email.toUpperCase());
      expect(byEmail).toMatchObject({
        email,
        status: 'active',
        numSends: 0,
        numOpens: 0,
        numClicks: 0,
        blockedDate: null,
        blockedReason: null,
        lastActivity: null,
        recentMessages: [],
      });
      expect(await h.provider.contactDetails(list.id, String(contact!.id))).toEqual(byEmail);
      expect(await h.provider.contactDetails(other.id, email)).toBeNull();
      expect(await h.provider.contactDetails('98765432', email)).toBeNull();
    });

    it('finds contacts by address for the admin screen', async () => {
      const list = await freshList();
      const email = address('findme');
      await h.provider.addContacts(list.id, [email]);
      expect(await h.provider.findContact(email.toUpperCase())).toEqual({
        email,
        emailBlacklisted: false,
        listIds: [Number(list.id)],
      });
      expect(await h.provider.findContact(address('unknown'))).toBeNull();
      expect((await h.provider.searchContacts(email, 10)).map((c) => c.email)).toEqual([email]);
    });

    it('queues a message for the active contacts of the list only', async () => {
      const list = await freshList();
      const blocked = address('c');
      await h.provider.addContacts(list.id, [address('a'), address('b'), blocked]);
      await h.provider.blockContact(blocked);
      const message = {
        listId: list.id,
        subject: 'Hello',
        html: '<p>Hi</p>',
        fromName: 'Town',
        replyTo: null,
        chapterId: null,
        senderId: null,
      };
      const queued = await h.provider.queueMessage(message);
      expect(queued.recipients).toBe(2);
      expect(queued.messageId).toBeGreaterThan(0);
      const empty = await freshList('Empty');
      expect((await h.provider.queueMessage({ ...message, listId: empty.id })).recipients).toBe(0);
      await expect(h.provider.queueMessage({ ...message, listId: '98765432' })).rejects.toThrow(
        /No mailing list/,
      );
    });
  });
}
