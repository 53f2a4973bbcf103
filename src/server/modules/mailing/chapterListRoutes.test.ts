// The chapter calls of the Members and Send Email screens: list id, list creation, contacts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { signedInUser } from '../../test/users';
import { chapters, mailingLists } from '../../db/schema';
import { chapterContactsSchema } from '../../../common/schemas/mailing';
import { createMailingWorld, setEmailService, type TestApp } from './testWorld';

let t: TestApp;
let w: Awaited<ReturnType<typeof createMailingWorld>>;

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: cookie ? { cookie } : {},
  });

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  w = await createMailingWorld(t);
});
beforeEach(() => setEmailService(t, null));
afterAll(() => t.close());

describe('GET /api/mailing_list/chapter_list_id/:chapterId', () => {
  const url = (id: number | string) => `/api/mailing_list/chapter_list_id/${id}`;

  it("answers the chapter's list id from the field the email-service setting picks", async () => {
    const res = await get(url(w.chapters.town.id), w.users.host.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ listId: w.lists.town });
    await setEmailService(t, 'sendInBlue');
    expect((await get(url(w.chapters.town.id), w.users.host.cookie)).json()).toEqual({
      listId: w.lists.townSib,
    });
    expect((await get(url(w.chapters.other.id), w.users.admin.cookie)).json()).toEqual({
      listId: null,
    });
  });

  it('answers null for a chapter without a list', async () => {
    const res = await get(url(w.chapters.listless.id), w.users.listlessHost.cookie);
    expect(res.json()).toEqual({ listId: null });
  });

  it('is for host-level users of the chapter only', async () => {
    expect((await get(url(w.chapters.town.id))).statusCode).toBe(401);
    expect((await get(url(w.chapters.town.id), w.users.plain.cookie)).statusCode).toBe(403);
    expect((await get(url(w.chapters.town.id), w.users.otherHost.cookie)).statusCode).toBe(403);
    expect((await get(url(w.chapters.town.id), w.users.fieldOrganizer.cookie)).statusCode).toBe(
      200,
    );
    expect((await get(url(987654), w.users.admin.cookie)).statusCode).toBe(404);
    const bad = await get(url('abc'), w.users.admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([expect.objectContaining({ field: 'params.chapterId' })]);
  });
});

describe('POST /api/mailing_list/chapter/:chapterId/list', () => {
  it('creates a list named after the chapter, once', async () => {
    const [chapter] = await t.db
      .insert(chapters)
      .values({ title: 'New Town', slug: `new-town-${Date.now()}`, city: 'Newton', status: 1 })
      .returning();
    const { cookie } = await signedInUser(t, { hostOf: [chapter!.id] });
    const url = `/api/mailing_list/chapter/${chapter!.id}/list`;
    const res = await post(url, {}, cookie);
    expect(res.statusCode).toBe(200);
    const { listId } = res.json();
    expect(listId).toMatch(/^\d+$/);
    const [list] = await t.db
      .select()
      .from(mailingLists)
      .where(eq(mailingLists.id, Number(listId)));
    expect(list!.name).toBe('New Town');
    const [saved] = await t.db.select().from(chapters).where(eq(chapters.id, chapter!.id));
    expect(saved!.brontoListId).toBe(listId);

    const again = await post(url, {}, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This chapter already has a mailing list.');

    // Under the other setting, the chapter has no list yet: it gets one in that field.
    await setEmailService(t, 'sendInBlue');
    const sib = await post(url, {}, cookie);
    expect(sib.statusCode).toBe(200);
    const [after] = await t.db.select().from(chapters).where(eq(chapters.id, chapter!.id));
    expect(after!.sendInBlueListId).toBe(sib.json().listId);
    expect(after!.brontoListId).toBe(listId);
  });

  it('is named after the city for a chapter without a title, and refuses others', async () => {
    const url = `/api/mailing_list/chapter/${w.chapters.listless.id}/list`;
    expect((await post(url, {})).statusCode).toBe(401);
    expect((await post(url, {}, w.users.host.cookie)).statusCode).toBe(403);
    expect(
      (await post(`/api/mailing_list/chapter/987654/list`, {}, w.users.admin.cookie)).statusCode,
    ).toBe(404);
    const res = await post(url, {}, w.users.listlessHost.cookie);
    expect(res.statusCode).toBe(200);
    const [list] = await t.db
      .select()
      .from(mailingLists)
      .where(eq(mailingLists.id, Number(res.json().listId)));
    expect(list!.name).toBe('Listless City');
    await t.db
      .update(chapters)
      .set({ brontoListId: null })
      .where(eq(chapters.id, w.chapters.listless.id));
  });
});

describe('GET /api/mailing_list/chapter/:chapterId/contacts', () => {
  const url = (id: number) => `/api/mailing_list/chapter/${id}/contacts`;

  it("lists the chapter's contacts by email", async () => {
    const res = await get(url(w.chapters.town.id), w.users.host.cookie);
    expect(res.statusCode).toBe(200);
    const body = chapterContactsSchema.parse(res.json());
    expect(body.listId).toBe(w.lists.town);
    expect(body.contacts.map((c) => c.email)).toEqual([
      'Alice@example.org',
      'bob@example.org',
      'carol@example.org',
    ]);
    expect(body.contacts[0]).toEqual({
      id: expect.any(Number),
      email: 'Alice@example.org',
      status: 'active',
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      deleted: null,
    });
  });

  it('answers no list and no contacts for a chapter without a list', async () => {
    const res = await get(url(w.chapters.listless.id), w.users.listlessHost.cookie);
    expect(res.json()).toEqual({ listId: null, contacts: [] });
  });

  it('is for host-level users of the chapter only', async () => {
    expect((await get(url(w.chapters.town.id))).statusCode).toBe(401);
    expect((await get(url(w.chapters.town.id), w.users.otherHost.cookie)).statusCode).toBe(403);
    expect((await get(url(w.chapters.town.id), w.users.admin.cookie)).statusCode).toBe(200);
    expect((await get(url(987654), w.users.admin.cookie)).statusCode).toBe(404);
  });
});
