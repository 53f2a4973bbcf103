// A block and a bounce belong to the address, not to one list: lifting a block gives each list's
// member back the status it had (a sign-up nobody confirmed stays unconfirmed), and an address
// blocked or bounced anywhere joins another list blocked or bounced, not active.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import type { Database } from '../../db/client';
import { mailingListContacts } from '../../db/schema';
import { markBounced } from '../bounces';
import { mailingListProvider } from './factory';
import type { MailingListProvider } from './provider';

let database: Database;
let provider: MailingListProvider;

beforeAll(async () => {
  database = await createTestDatabase();
  provider = mailingListProvider(database.db);
});
afterAll(() => database.close());

const statusOn = async (listId: string, email: string) =>
  (await provider.contactDetails(listId, email))?.status;

describe('lifting a block', () => {
  it('gives back the status the block replaced, on each list', async () => {
    const signUps = await provider.createList('Sign-ups');
    const members = await provider.createList('Members');
    const left = await provider.createList('Left');
    const email = 'Someone@example.org';
    await provider.addContacts(signUps.id, [email], { confirmed: false });
    await provider.addContacts(members.id, [email]);
    await provider.addContacts(left.id, [email]);
    await database.db
      .update(mailingListContacts)
      .set({ status: 'unsub' })
      .where(eq(mailingListContacts.listId, Number(left.id)));
    expect(await statusOn(left.id, email)).toBe('unsub');

    expect(await provider.blockContact(email, 'spam trap')).toBe(3);
    // Blocked again: the first block's earlier status is the one kept.
    expect(await provider.blockContact(email, 'still')).toBe(3);
    expect(await statusOn(signUps.id, email)).toBe('blocked');

    expect(await provider.unblockContact(email)).toBe(3);
    expect(await statusOn(signUps.id, email)).toBe('unconfirmed');
    expect(await statusOn(members.id, email)).toBe('active');
    expect(await statusOn(left.id, email)).toBe('unsub');
    expect(await provider.contactDetails(signUps.id, email)).toMatchObject({
      blockedDate: null,
      blockedReason: null,
    });
  });
});

describe('joining another list', () => {
  it('starts bounced for an address that bounced anywhere, with the server answer', async () => {
    const first = await provider.createList('First');
    const second = await provider.createList('Second');
    const third = await provider.createList('Third');
    const email = 'gone@example.org';
    await provider.addContacts(first.id, [email]);
    await markBounced(database.db, email, '550 5.1.1 No such user');

    // A host adding it is told it bounced; it is on the list, bounced, and gets no email.
    const [hostAdd] = await provider.addContacts(second.id, ['Gone@example.org'], {
      reactivate: false,
    });
    expect(hostAdd).toMatchObject({ added: false, failure: 'bounced' });
    expect(await provider.contactDetails(second.id, email)).toMatchObject({
      status: 'bounce',
      blockedReason: '550 5.1.1 No such user',
    });
    // The public form reveals nothing and mails no confirmation link to a dead mailbox.
    const [signUp] = await provider.addContacts(third.id, [email], { confirmed: false });
    expect(signUp).toMatchObject({ added: true, awaitingConfirmation: false });
    expect(await statusOn(third.id, email)).toBe('bounce');
  });

  it('starts blocked for a blocked address; lifting it gives the status it joined with', async () => {
    const first = await provider.createList('Blocked first');
    const byHost = await provider.createList('Blocked by host');
    const byForm = await provider.createList('Blocked by form');
    const email = 'stopped@example.org';
    await provider.addContacts(first.id, [email]);
    await provider.blockContact(email, 'abuse');

    const [hostAdd] = await provider.addContacts(byHost.id, [email], { reactivate: false });
    expect(hostAdd).toMatchObject({ added: false, failure: 'blocked' });
    await provider.addContacts(byForm.id, [email], { confirmed: false });
    expect(await statusOn(byHost.id, email)).toBe('blocked');
    expect(await statusOn(byForm.id, email)).toBe('blocked');

    expect(await provider.unblockContact(email)).toBe(3);
    expect(await statusOn(byHost.id, email)).toBe('active');
    expect(await statusOn(byForm.id, email)).toBe('unconfirmed');
  });

  it('starts as any new member for an address clean everywhere', async () => {
    const list = await provider.createList('Clean');
    const [added] = await provider.addContacts(list.id, ['clean@example.org']);
    expect(added).toEqual({ email: 'clean@example.org', added: true });
    expect(await statusOn(list.id, 'clean@example.org')).toBe('active');
  });
});
