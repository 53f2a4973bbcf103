// The Mailgun tab's calls without Mailgun (spec 2 §7): who may call them, what they refuse,
// the aliases they keep, a chapter's alias kept right by the database, and the alias test
// through the outbox.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { createUser, signedInUser } from '../../test/users';
import { chapters, emailAliases, mailOutbox, permissions, users } from '../../db/schema';
import { ROLE } from '../../../common/constants';
import { ALIAS_TEXT } from '../../../common/schemas/emailAdmin';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let host: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  admin = await signedInUser(t, { admin: true });
  host = await signedInUser(t);
}, 60_000);
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  cookie = admin.cookie,
) => t.app.inject({ method, url, payload: payload as object, headers: { cookie } });

async function newChapter(alias: string, typeId = 1) {
  const [row] = await t.db
    .insert(chapters)
    .values({
      title: `Chapter ${alias}`,
      slug: `c-${alias}-${Date.now()}`,
      emailAlias: alias,
      chapterTypeId: typeId,
    })
    .returning();
  return row!;
}
const aliasOf = async (chapterId: number) =>
  (await t.db.select().from(emailAliases).where(eq(emailAliases.chapterId, chapterId)))[0];

describe('who may call', () => {
  const calls: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
    ['GET', '/api/admin/mailgun/aliases'],
    ['GET', '/api/admin/mailgun/domains'],
    [
      'POST',
      '/api/admin/mailgun/aliases',
      { localPart: 'x', domain: 'drinkingliberally.org', recipients: ['a@example.org'] },
    ],
    [
      'PUT',
      '/api/admin/mailgun/aliases/1',
      { localPart: 'x', domain: 'drinkingliberally.org', recipients: ['a@example.org'] },
    ],
    ['DELETE', '/api/admin/mailgun/aliases/1'],
    ['POST', '/api/admin/mailgun/aliases/test', { id: 1 }],
  ];
  it('answers 401 signed out and 403 to anyone but an admin', async () => {
    for (const [method, url, body] of calls) {
      expect((await call(method, url, body, '')).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, body, host.cookie)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('aliases', () => {
  it('lists the chapter types’ domains, the first type’s first', async () => {
    const res = await call('GET', '/api/admin/mailgun/domains');
    expect(res.json().domains).toEqual([
      'drinkingliberally.org',
      'screeningliberally.org',
      'livingliberally.org',
      'laughingliberally.org',
      'diningliberally.org',
      'readingliberally.org',
    ]);
  });

  it('creates, finds, edits and deletes an alias, dropping blank recipient rows', async () => {
    const created = await call('POST', '/api/admin/mailgun/aliases', {
      localPart: 'press',
      domain: 'LivingLiberally.org',
      recipients: ['ann@example.org', '  ', 'ben@example.org', ''],
    });
    expect(created.statusCode).toBe(200);
    const alias = created.json();
    expect(alias).toMatchObject({
      localPart: 'press',
      domain: 'livingliberally.org',
      recipients: ['ann@example.org', 'ben@example.org'],
      chapterId: null,
      chapterName: null,
      followsHosts: false,
    });

    const found = await call('GET', '/api/admin/mailgun/aliases?search=PRESS@living');
    expect(found.json().aliases.map((a: { id: number }) => a.id)).toEqual([alias.id]);
    const byRecipient = await call('GET', '/api/admin/mailgun/aliases?search=ben@ex');
    expect(byRecipient.json().aliases.map((a: { id: number }) => a.id)).toContain(alias.id);

    // The local part is locked when editing: a new one is ignored.
    const edited = await call('PUT', `/api/admin/mailgun/aliases/${alias.id}`, {
      localPart: 'renamed',
      domain: 'livingliberally.org',
      recipients: ['cat@example.org'],
    });
    expect(edited.json()).toMatchObject({ localPart: 'press', recipients: ['cat@example.org'] });

    expect((await call('DELETE', `/api/admin/mailgun/aliases/${alias.id}`)).json()).toEqual({
      result: 'success',
    });
    expect((await call('DELETE', `/api/admin/mailgun/aliases/${alias.id}`)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/admin/mailgun/aliases/${alias.id}`, edited.json())).statusCode,
    ).toBe(404);
  });

  it('refuses what the screen would: short searches, no recipients, unknown domains, taken addresses', async () => {
    const short = await call('GET', '/api/admin/mailgun/aliases?search=%20a%20');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      fields: [{ field: 'querystring.search', message: ALIAS_TEXT.minSearch }],
    });

    const cases: [body: unknown, field: string][] = [
      [
        { localPart: 'x', domain: 'drinkingliberally.org', recipients: ['', ' '] },
        'body.recipients',
      ],
      [
        { localPart: 'x', domain: 'drinkingliberally.org', recipients: ['not an address'] },
        'body.recipients.0',
      ],
      [
        { localPart: '', domain: 'drinkingliberally.org', recipients: ['a@example.org'] },
        'body.localPart',
      ],
      [
        { localPart: 'a b', domain: 'drinkingliberally.org', recipients: ['a@example.org'] },
        'body.localPart',
      ],
      [{ localPart: 'x', domain: 'example.com', recipients: ['a@example.org'] }, 'body.domain'],
      [
        {
          localPart: 'x',
          domain: 'drinkingliberally.org',
          recipients: ['a@example.org'],
          chapterId: 99999,
        },
        'body.chapterId',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/api/admin/mailgun/aliases', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    expect((await call('PUT', '/api/admin/mailgun/aliases/abc', cases[0]![0])).statusCode).toBe(
      400,
    );

    const body = {
      localPart: 'taken',
      domain: 'drinkingliberally.org',
      recipients: ['a@example.org'],
    };
    expect((await call('POST', '/api/admin/mailgun/aliases', body)).statusCode).toBe(200);
    const again = await call('POST', '/api/admin/mailgun/aliases', { ...body, localPart: 'TAKEN' });
    expect(again.statusCode).toBe(409);
  });
});

describe("a chapter's alias", () => {
  it('is made from the chapter and follows its hosts, alias and type by itself', async () => {
    const chapter = await newChapter('riverside');
    const first = await createUser(t.db, { email: `first-${Date.now()}@example.org` });
    await t.db
      .insert(permissions)
      .values({ userId: first.id, roleId: ROLE.chapterHost, chapterId: chapter.id });
    expect(await aliasOf(chapter.id)).toMatchObject({
      localPart: 'riverside',
      domain: 'drinkingliberally.org',
      recipients: [first.email],
    });

    const second = await createUser(t.db, { email: `second-${Date.now()}@example.org` });
    await t.db
      .insert(permissions)
      .values({ userId: second.id, roleId: ROLE.chapterHost, chapterId: chapter.id });
    // A field organizer is no host: the alias does not forward to them.
    const organizer = await createUser(t.db);
    await t.db
      .insert(permissions)
      .values({ userId: organizer.id, roleId: ROLE.fieldOrganizer, chapterId: chapter.id });
    expect((await aliasOf(chapter.id))!.recipients.sort()).toEqual(
      [first.email, second.email].sort(),
    );

    await t.db
      .update(users)
      .set({ email: `moved-${Date.now()}@example.org` })
      .where(eq(users.id, first.id));
    const [moved] = await t.db.select().from(users).where(eq(users.id, first.id));
    expect((await aliasOf(chapter.id))!.recipients).toContain(moved!.email);

    await t.db
      .update(chapters)
      .set({ emailAlias: 'riverbend', chapterTypeId: 5 })
      .where(eq(chapters.id, chapter.id));
    expect(await aliasOf(chapter.id)).toMatchObject({
      localPart: 'riverbend',
      domain: 'diningliberally.org',
    });

    await t.db.delete(permissions).where(eq(permissions.userId, second.id));
    expect((await aliasOf(chapter.id))!.recipients).toEqual([moved!.email]);

    const listed = await call('GET', '/api/admin/mailgun/aliases?search=riverbend');
    expect(listed.json().aliases).toEqual([
      expect.objectContaining({
        chapterId: chapter.id,
        chapterName: 'Chapter riverside',
        followsHosts: true,
      }),
    ]);

    await t.db.update(chapters).set({ emailAlias: '' }).where(eq(chapters.id, chapter.id));
    expect(await aliasOf(chapter.id)).toBeUndefined();
  });

  it('keeps recipients an admin set by hand, until told to follow the hosts again', async () => {
    const chapter = await newChapter('hilltop', 3);
    const hostUser = await createUser(t.db);
    await t.db
      .insert(permissions)
      .values({ userId: hostUser.id, roleId: ROLE.chapterHost, chapterId: chapter.id });
    const alias = (await aliasOf(chapter.id))!;

    const manual = await call('PUT', `/api/admin/mailgun/aliases/${alias.id}`, {
      localPart: 'ignored',
      domain: 'ignored.example',
      recipients: ['desk@example.org'],
      chapterId: chapter.id,
    });
    expect(manual.statusCode).toBe(200);
    expect(manual.json()).toMatchObject({
      localPart: 'hilltop',
      domain: 'livingliberally.org',
      recipients: ['desk@example.org'],
      followsHosts: false,
    });
    const newHost = await createUser(t.db);
    await t.db
      .insert(permissions)
      .values({ userId: newHost.id, roleId: ROLE.chapterHost, chapterId: chapter.id });
    expect((await aliasOf(chapter.id))!.recipients).toEqual(['desk@example.org']);

    const follow = await call('PUT', `/api/admin/mailgun/aliases/${alias.id}`, {
      localPart: 'hilltop',
      domain: 'livingliberally.org',
      recipients: ['desk@example.org'],
      chapterId: chapter.id,
      followHosts: true,
    });
    expect(follow.json().recipients.sort()).toEqual([hostUser.email, newHost.email].sort());
    expect(follow.json().followsHosts).toBe(true);

    // One alias per chapter.
    const second = await call('POST', '/api/admin/mailgun/aliases', {
      localPart: 'hilltop2',
      domain: 'livingliberally.org',
      recipients: ['a@example.org'],
      chapterId: chapter.id,
    });
    expect(second.statusCode).toBe(409);

    await t.db.delete(chapters).where(eq(chapters.id, chapter.id));
    expect(await t.db.select().from(emailAliases).where(eq(emailAliases.id, alias.id))).toEqual([]);
  });
});

describe('POST /api/admin/mailgun/aliases/test', () => {
  it('without SMTP, keeps the message in the outbox and says so', async () => {
    const created = await call('POST', '/api/admin/mailgun/aliases', {
      localPart: 'tester',
      domain: 'readingliberally.org',
      recipients: ['r1@example.org', 'r2@example.org'],
    });
    const res = await call('POST', '/api/admin/mailgun/aliases/test', { id: created.json().id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      result: 'success',
      to: 'tester@readingliberally.org',
      recipients: ['r1@example.org', 'r2@example.org'],
      delivery: 'outbox',
    });
    expect(res.json().message).toMatch(/outbox/);
    const kept = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'tester@readingliberally.org'));
    expect(kept).toHaveLength(1);
    expect((await call('POST', '/api/admin/mailgun/aliases/test', { id: 987654 })).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', '/api/admin/mailgun/aliases/test', { id: 'x' })).json().fields[0].field,
    ).toBe('body.id');
  });
});
