// The list-id calls of the Members and Add Members screens: details, add many, delete.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chapters, mailingDeliveries, mailingListContacts, mailingMessages } from '../../db/schema';
import { contactDetailsSchema, signUpManyAnswerSchema } from '../../../common/schemas/mailing';
import {
  addContacts,
  getAs,
  giveChapterList,
  postAs,
  useMailingWorld,
  type MailingWorld,
  type TestApp,
} from './testWorld';

let t: TestApp;
let w: MailingWorld;

const get = (url: string, cookie?: string) => getAs(t, url, cookie);
const post = (url: string, payload: unknown, cookie?: string) => postAs(t, url, payload, cookie);

useMailingWorld((world) => {
  ({ t, w } = world);
});

describe('GET /api/mailing_list/contact_details/:id', () => {
  const url = (id: string | number, listId?: string) =>
    `/api/mailing_list/contact_details/${encodeURIComponent(id)}` +
    (listId === undefined ? '' : `?listId=${encodeURIComponent(listId)}`);

  it('answers a contact by address (any case) or by id', async () => {
    const res = await get(url('alice@example.org', w.lists.town), w.users.host.cookie);
    expect(res.statusCode).toBe(200);
    const details = contactDetailsSchema.parse(res.json());
    expect(details).toMatchObject({
      email: 'Alice@example.org',
      status: 'active',
      numSends: 0,
      recentMessages: [],
      lastActivity: null,
    });
    const [row] = await t.db
      .select()
      .from(mailingListContacts)
      .where(eq(mailingListContacts.email, 'Alice@example.org'));
    expect((await get(url(row!.id, w.lists.town), w.users.host.cookie)).json()).toEqual(res.json());
  });

  it('lists at most 5 recent messages of the last 90 days, newest first', async () => {
    const listId = w.lists.town;
    const [contact] = await t.db
      .select()
      .from(mailingListContacts)
      .where(eq(mailingListContacts.email, 'bob@example.org'));
    const day = 24 * 60 * 60 * 1000;
    for (const [i, age] of [1, 2, 3, 4, 5, 6, 91].entries()) {
      const [message] = await t.db
        .insert(mailingMessages)
        .values({
          listId: Number(listId),
          subject: `Message ${i}`,
          body: '<p>x</p>',
          status: 'finished',
        })
        .returning();
      await t.db.insert(mailingDeliveries).values({
        messageId: message!.id,
        contactId: contact!.id,
        status: 'sent',
        sentAt: new Date(Date.now() - age * day),
        openedAt: i === 0 ? new Date() : null,
        clickedAt: i === 1 ? new Date() : null,
      });
    }
    const details = contactDetailsSchema.parse(
      (await get(url('bob@example.org', listId), w.users.host.cookie)).json(),
    );
    expect(details.recentMessages.map((m) => m.subject)).toEqual([
      'Message 0',
      'Message 1',
      'Message 2',
      'Message 3',
      'Message 4',
    ]);
    expect(details.recentMessages[0]).toEqual({
      sentDate: expect.any(String),
      subject: 'Message 0',
      campaignName: 'Message 0',
      campaignId: expect.any(Number),
      opened: true,
      clicked: false,
    });
    expect(details.recentMessages[1]).toMatchObject({ opened: false, clicked: true });
  });

  it('answers 404 for a contact not on that list', async () => {
    const res = await get(url('olga@example.org', w.lists.town), w.users.host.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Contact not found.');
  });

  it('needs host access to the list, except for admins', async () => {
    const alice = url('alice@example.org', w.lists.town);
    expect((await get(alice)).statusCode).toBe(401);
    expect((await get(alice, w.users.otherHost.cookie)).statusCode).toBe(403);
    expect((await get(alice, w.users.plain.cookie)).statusCode).toBe(403);
    const lou = url('lou@example.org', w.lists.loose);
    expect((await get(lou, w.users.host.cookie)).statusCode).toBe(403);
    expect((await get(lou, w.users.admin.cookie)).statusCode).toBe(200);
    expect((await get(url('x@example.org', '987654'), w.users.admin.cookie)).statusCode).toBe(404);
    expect((await get(url('x@example.org', '987654'), w.users.host.cookie)).statusCode).toBe(403);
  });

  it('answers 400 naming the missing list id', async () => {
    const res = await get(url('alice@example.org'), w.users.host.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([expect.objectContaining({ field: 'querystring.listId' })]);
  });
});

describe('POST /api/mailing_list/sign_up_many', () => {
  const url = '/api/mailing_list/sign_up_many';

  it('splits a text on commas, spaces and new lines, and reports bad addresses by name', async () => {
    const listId = await giveChapterList(t, w.chapters.listless.id, 'Many');
    try {
      const emails =
        'one@example.org, two@example.org\nnot-an-email  \n\n three@example.org,,ONE@example.org';
      const res = await post(url, { emails, listId }, w.users.listlessHost.cookie);
      expect(res.statusCode).toBe(200);
      expect(signUpManyAnswerSchema.parse(res.json())).toEqual({
        added: 3,
        results: [
          { email: 'one@example.org', isError: false, errorString: '' },
          { email: 'two@example.org', isError: false, errorString: '' },
          {
            email: 'not-an-email',
            isError: true,
            errorString: 'Please enter a valid email address.',
          },
          { email: 'three@example.org', isError: false, errorString: '' },
          { email: 'ONE@example.org', isError: false, errorString: '' },
        ],
      });
      // Again, as an array: nothing new, and still no error.
      const again = await post(
        url,
        {
          emails: ['two@example.org', ' Three@example.org ', 'four@example.org'],
          listId: Number(listId),
        },
        w.users.listlessHost.cookie,
      );
      expect(again.json()).toEqual({
        added: 1,
        results: [
          { email: 'two@example.org', isError: false, errorString: '' },
          { email: 'Three@example.org', isError: false, errorString: '' },
          { email: 'four@example.org', isError: false, errorString: '' },
        ],
      });
      const rows = await t.db
        .select()
        .from(mailingListContacts)
        .where(eq(mailingListContacts.listId, Number(listId)));
      expect(rows.map((r) => r.email).sort()).toEqual([
        'four@example.org',
        'one@example.org',
        'three@example.org',
        'two@example.org',
      ]);
    } finally {
      await t.db
        .update(chapters)
        .set({ brontoListId: null })
        .where(eq(chapters.id, w.chapters.listless.id));
    }
  });

  it("does not undo anyone's unsubscribe", async () => {
    await addContacts(t, w.lists.town, ['quit@example.org'], 'unsub');
    const res = await post(
      url,
      { emails: 'quit@example.org', listId: w.lists.town },
      w.users.host.cookie,
    );
    expect(res.json()).toEqual({
      added: 0,
      results: [
        {
          email: 'quit@example.org',
          isError: true,
          errorString:
            'This address unsubscribed from the list; only its owner can sign it up again, by the emailed link.',
        },
      ],
    });
    const [row] = await t.db
      .select()
      .from(mailingListContacts)
      .where(eq(mailingListContacts.email, 'quit@example.org'));
    expect(row!.status).toBe('unsub');
  });

  it('needs host access to the list, except for admins', async () => {
    const body = { emails: 'x@example.org', listId: w.lists.town };
    expect((await post(url, body)).statusCode).toBe(401);
    expect((await post(url, body, w.users.otherHost.cookie)).statusCode).toBe(403);
    const loose = { emails: 'new-loose@example.org', listId: w.lists.loose };
    expect((await post(url, loose, w.users.host.cookie)).statusCode).toBe(403);
    const admin = await post(url, loose, w.users.admin.cookie);
    expect(admin.statusCode).toBe(200);
    expect(admin.json().added).toBe(1);
    const missing = await post(url, { ...loose, listId: '987654' }, w.users.admin.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Mailing list not found.');
  });

  it('answers 400 naming the bad field', async () => {
    const cases: [unknown, string][] = [
      [{ listId: w.lists.town }, 'body.emails'],
      [{ emails: 42, listId: w.lists.town }, 'body.emails'],
      [{ emails: 'a@example.org' }, 'body.listId'],
      [{ emails: 'a@example.org', listId: '  ' }, 'body.listId'],
      [{ emails: Array(5001).fill('a@example.org'), listId: w.lists.town }, 'body.emails'],
    ];
    for (const [body, field] of cases) {
      const res = await post(url, body, w.users.host.cookie);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    const tooMany = Array.from({ length: 5001 }, (_, i) => `a${i}@example.org`).join(' ');
    const res = await post(url, { emails: tooMany, listId: w.lists.town }, w.users.host.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([expect.objectContaining({ field: 'body.emails' })]);
  });
});

describe('POST /api/mailing_list/delete', () => {
  const url = '/api/mailing_list/delete';

  it('removes the contact for good, then answers 404', async () => {
    await addContacts(t, w.lists.town, ['delete-me@example.org']);
    const body = { email: 'Delete-Me@example.org', listId: w.lists.town };
    const res = await post(url, body, w.users.host.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'success' });
    const rows = await t.db
      .select()
      .from(mailingListContacts)
      .where(
        and(
          eq(mailingListContacts.listId, Number(w.lists.town)),
          eq(mailingListContacts.email, 'delete-me@example.org'),
        ),
      );
    expect(rows).toEqual([]);
    const again = await post(url, body, w.users.host.cookie);
    expect(again.statusCode).toBe(404);
  });

  it('needs host access to the list', async () => {
    const body = { email: 'olga@example.org', listId: w.lists.other };
    expect((await post(url, body)).statusCode).toBe(401);
    expect((await post(url, body, w.users.host.cookie)).statusCode).toBe(403);
    expect((await post(url, { listId: w.lists.other }, w.users.otherHost.cookie)).statusCode).toBe(
      400,
    );
  });
});
