// Chapters with lists, and callers of each kind, for the mailing-list tests. `town` has a list
// with contacts and a host; `other` has a list and its own host; `listless` has none; `loose`
// is a list of no chapter.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  chapters,
  mailingDeliveries,
  mailingListContacts,
  mailingLists,
  mailingMessages,
  settings,
} from '../../db/schema';
import { createTestApp, type TestAppOptions } from '../../test/app';
import { signedInUser } from '../../test/users';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let made = 0;

export async function newList(t: TestApp, name: string): Promise<string> {
  const [row] = await t.db.insert(mailingLists).values({ name }).returning();
  return String(row!.id);
}

export async function addContacts(
  t: TestApp,
  listId: string,
  emails: string[],
  status = 'active',
): Promise<void> {
  await t.db.insert(mailingListContacts).values(
    emails.map((email) => ({
      listId: Number(listId),
      email,
      status,
      unsubscribeToken: randomBytes(16).toString('hex'),
    })),
  );
}

/** Sets the stored status of the list's contact of `email` (as a write of any kind would). */
export const setContactStatus = (t: TestApp, listId: string, email: string, status: string) =>
  t.db
    .update(mailingListContacts)
    .set({ status })
    .where(
      and(eq(mailingListContacts.listId, Number(listId)), eq(mailingListContacts.email, email)),
    );

/** `n` contacts member{i}@{domain}, one second apart (member1 the newest), in one statement. */
export async function bulkContacts(
  db: TestApp['db'],
  listId: string,
  n: number,
  { prefix = 'member', domain = 'example.org', status = 'active', from = 1 } = {},
) {
  await db.execute(sql`
    insert into mailing_list_contacts (list_id, email, status, unsubscribe_token, created_at)
    select ${Number(listId)}, ${prefix} || g || '@' || ${domain}, ${status},
           md5(random()::text || g), timestamptz '2026-01-01T00:00:00Z' - g * interval '1 second'
    from generate_series(${from}::int, ${from + n - 1}::int) g`);
}

export async function setEmailService(t: TestApp, serviceName: 'bronto' | 'sendInBlue' | null) {
  await t.db.delete(settings).where(eq(settings.key, 'emailService'));
  if (serviceName) {
    await t.db.insert(settings).values({ key: 'emailService', value: { serviceName } });
  }
}

/**
 * Waits for the send worker to finish a message. The deadline only tells a worker that stopped
 * from a slow one (issue 31, item 7): 45 copies by two workers took more than the 20 s it was
 * on a loaded machine. The test's own limit (60 s) usually comes first.
 */
export async function waitForMessage(t: TestApp, messageId: number, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await t.db
      .select()
      .from(mailingMessages)
      .where(eq(mailingMessages.id, messageId));
    if (row?.status === 'finished') return row;
    if (Date.now() > until) throw new Error(`message ${messageId} not finished in time`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function createMailingWorld(t: TestApp) {
  made += 1;
  const tag = `m${made}-${Date.now()}`;
  const lists = {
    town: await newList(t, 'Town list'),
    townSib: await newList(t, 'Town Brevo-era list'),
    other: await newList(t, 'Other list'),
    loose: await newList(t, 'Loose list'),
  };
  const [town, other, listless] = await t.db
    .insert(chapters)
    .values([
      {
        title: 'Greenpoint',
        slug: `${tag}-greenpoint`,
        city: 'Brooklyn',
        state: 'NY',
        status: 1,
        emailAlias: 'greenpoint',
        brontoListId: lists.town,
        sendInBlueListId: lists.townSib,
      },
      {
        title: 'Oakland',
        slug: `${tag}-oakland`,
        city: 'Oakland',
        state: 'CA',
        status: 1,
        brontoListId: lists.other,
      },
      { title: '', slug: `${tag}-listless`, city: 'Listless City', state: 'CA', status: 0 },
    ])
    .returning();
  if (!town || !other || !listless) throw new Error('insert returned too few rows');
  await addContacts(t, lists.town, ['carol@example.org', 'Alice@example.org', 'bob@example.org']);
  await addContacts(t, lists.other, ['olga@example.org']);
  await addContacts(t, lists.loose, ['lou@example.org']);
  const [host, fieldOrganizer, otherHost, listlessHost, plain, admin] = await Promise.all([
    signedInUser(t, { name: 'Town Host', hostOf: [town.id] }),
    signedInUser(t, { name: 'Town Organizer', fieldOrganizerOf: [town.id] }),
    signedInUser(t, { name: 'Other Host', hostOf: [other.id] }),
    signedInUser(t, { name: 'Listless Host', hostOf: [listless.id] }),
    signedInUser(t, { name: 'Plain Person' }),
    signedInUser(t, { admin: true }),
  ]);
  return {
    lists,
    chapters: { town, other, listless },
    users: { host, fieldOrganizer, otherHost, listlessHost, plain, admin },
  };
}

export type MailingWorld = Awaited<ReturnType<typeof createMailingWorld>>;

/**
 * A test file's app and mailing world: made before its tests (then `ready` adds what the file
 * needs more), closed after them, and the built-in lists chosen again before each test (a test
 * may switch to Brevo).
 */
export function useMailingWorld(
  ready: (world: { t: TestApp; w: MailingWorld }) => Promise<void> | void,
  options: TestAppOptions = {},
): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(options);
    await t.app.ready();
    await ready({ t, w: await createMailingWorld(t) });
  });
  beforeEach(() => setEmailService(t!, null));
  afterAll(() => t?.close());
}

/** A GET as the user of `cookie` (or no one). */
export const getAs = (t: TestApp, url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** A POST of a JSON body (any value: tests send malformed ones) as the user of `cookie`. */
export const postAs = (t: TestApp, url: string, payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: cookie ? { cookie } : {},
  });

/** A new list for the chapter in place of its own: answers the list's id. */
export async function giveChapterList(t: TestApp, chapterId: number, name: string) {
  const listId = await newList(t, name);
  await t.db.update(chapters).set({ brontoListId: listId }).where(eq(chapters.id, chapterId));
  return listId;
}

/**
 * A message queued straight into the ledger (as send_message leaves it) for `size` new
 * contacts `${prefix}N@example.org` of a list of its own: for tests of the send queue itself.
 */
export async function queueMessage(t: TestApp, prefix: string, size: number, subject = prefix) {
  const listId = await newList(t, `${prefix} list`);
  const emails = Array.from({ length: size }, (_, i) => `${prefix}${i}@example.org`);
  await addContacts(t, listId, emails);
  const contacts = await t.db
    .select({ id: mailingListContacts.id })
    .from(mailingListContacts)
    .where(eq(mailingListContacts.listId, Number(listId)));
  const [message] = await t.db
    .insert(mailingMessages)
    .values({ listId: Number(listId), subject, body: '<p>Hello.</p>', fromName: prefix })
    .returning();
  await t.db
    .insert(mailingDeliveries)
    .values(contacts.map((c) => ({ messageId: message!.id, contactId: c.id })));
  return { messageId: message!.id, emails };
}
