// The Members screen's pages (issue 23): order, paging from either end, search, status filter,
// totals (capped for a search), bad queries, and who may read them.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chapters, mailingListContacts } from '../../db/schema';
import { memberPageSchema, SEARCH_COUNT_CAP } from '../../../common/schemas/members';
import {
  bulkContacts,
  getAs,
  giveChapterList,
  useMailingWorld,
  type MailingWorld,
  type TestApp,
} from './testWorld';

let t: TestApp;
let w: MailingWorld;
let bigList: string;

const get = (url: string, cookie?: string) => getAs(t, url, cookie);

const pageUrl = (query: string, chapterId = w.chapters.other.id) =>
  `/api/mailing_list/chapter/${chapterId}/members?${query}`;

async function page(query: string, cookie = w.users.otherHost.cookie) {
  const res = await get(pageUrl(query), cookie);
  expect(res.statusCode, res.body).toBe(200);
  return memberPageSchema.parse(res.json());
}

useMailingWorld(async (world) => {
  ({ t, w } = world);
  // `other` gets a list of its own: 120 members, three of them unsubscribed, one blocked.
  bigList = await giveChapterList(t, w.chapters.other.id, 'Big list');
  await bulkContacts(t.db, bigList, 117);
  await bulkContacts(t.db, bigList, 3, { prefix: 'gone', status: 'unsub', from: 200 });
  await bulkContacts(t.db, bigList, 1, { prefix: 'stopped', status: 'blocked', from: 300 });
});

describe('GET /api/mailing_list/chapter/:chapterId/members', () => {
  it('answers 50 a page, newest first, with the total', async () => {
    const first = await page('page=0&pageSize=50');
    expect(first.total).toBe(121);
    expect(first.totalCapped).toBe(false);
    expect(first.members).toHaveLength(50);
    expect(first.members[0]).toMatchObject({ email: 'member1@example.org', status: 'active' });
    expect(first.members[0]!.created).toBe('2025-12-31T23:59:59.000Z');
    expect(Object.keys(first.members[0]!).sort()).toEqual([
      'created',
      'deleted',
      'email',
      'id',
      'name',
      'status',
    ]);
    expect(first.members[0]!.name).toBeNull();
    const last = await page('page=2&pageSize=50');
    expect(last.members).toHaveLength(21);
    expect(last.members.at(-1)!.email).toBe('stopped300@example.org');
    expect((await page('page=3')).members).toEqual([]);
    expect((await page('')).members).toHaveLength(50);
  });

  it('pages through the whole list in order, deep pages read from the oldest end alike', async () => {
    const all = await t.db
      .select({ id: mailingListContacts.id })
      .from(mailingListContacts)
      .where(eq(mailingListContacts.listId, Number(bigList)))
      .orderBy(sql`created_at desc, id desc`);
    const seen: number[] = [];
    for (let p = 0; p < 18; p += 1) {
      seen.push(...(await page(`page=${p}&pageSize=7`)).members.map((m) => m.id));
    }
    expect(seen).toEqual(all.map((r) => r.id));
  });

  it('breaks ties of the same join time by id, newest id first', async () => {
    const list = await giveChapterList(t, w.chapters.listless.id, 'Ties');
    const at = new Date('2026-02-02T00:00:00Z');
    const rows = await t.db
      .insert(mailingListContacts)
      .values(
        ['a', 'b', 'c', 'd', 'e'].map((name) => ({
          listId: Number(list),
          email: `${name}@ties.org`,
          unsubscribeToken: `tie-${name}-${Date.now()}`,
          createdAt: at,
        })),
      )
      .returning({ id: mailingListContacts.id });
    const ids = rows.map((r) => r.id).sort((a, b) => b - a);
    const got: number[] = [];
    for (let p = 0; p < 3; p += 1) {
      const res = await get(
        pageUrl(`page=${p}&pageSize=2`, w.chapters.listless.id),
        w.users.listlessHost.cookie,
      );
      got.push(...memberPageSchema.parse(res.json()).members.map((m) => m.id));
    }
    expect(got).toEqual(ids);
  });

  it('searches by part of the address, in any case, taking % and _ literally', async () => {
    const found = await page('search=MEMBER11');
    expect(found.members.map((m) => m.email)).toEqual([
      'member11@example.org',
      ...Array.from({ length: 8 }, (_, i) => `member${110 + i}@example.org`),
    ]);
    expect(found.total).toBe(9);
    expect((await page('search=%25')).total).toBe(0);
    expect((await page('search=_')).total).toBe(0);
    expect((await page('search=stopped300%40')).members.map((m) => m.email)).toEqual([
      'stopped300@example.org',
    ]);
    expect((await page('search=nobody-here')).members).toEqual([]);
  });

  it('finds a member by part of the name too, shown beside the address (issue 35)', async () => {
    const named = async (email: string, name: string | null) =>
      t.db.update(mailingListContacts).set({ name }).where(eq(mailingListContacts.email, email));
    await named('member5@example.org', 'Ruth Bader');
    await named('member6@example.org', 'Pat 100%_Sure');
    const ruth = await page('search=bADer');
    expect(ruth.members.map((m) => [m.name, m.email])).toEqual([
      ['Ruth Bader', 'member5@example.org'],
    ]);
    expect(ruth.total).toBe(1);
    // % and _ in a name are taken literally, as in an address.
    expect((await page('search=0%25_s')).members.map((m) => m.email)).toEqual([
      'member6@example.org',
    ]);
    expect((await page('search=0%25xs')).total).toBe(0);
    // The address and the name are one search: either finds the member.
    expect((await page('search=member5%40')).members[0]!.name).toBe('Ruth Bader');
    await named('member5@example.org', null);
    await named('member6@example.org', null);
  });

  it('filters by status, with the new statuses found nowhere today', async () => {
    const gone = await page('status=unsubscribed');
    expect(gone.total).toBe(3);
    expect(gone.members.every((m) => m.status === 'unsub')).toBe(true);
    expect((await page('status=blocked')).members.map((m) => m.email)).toEqual([
      'stopped300@example.org',
    ]);
    expect((await page('status=active')).total).toBe(117);
    expect((await page('status=bounced')).total).toBe(0);
    expect((await page('status=unconfirmed')).total).toBe(0);
    expect((await page('status=')).total).toBe(121);
    expect((await page('status=unsubscribed&search=gone201')).total).toBe(1);
  });

  it('answers 400 naming the field for a bad page, size, status or search', async () => {
    for (const [query, field] of [
      ['page=-1', 'querystring.page'],
      ['page=abc', 'querystring.page'],
      ['pageSize=0', 'querystring.pageSize'],
      ['pageSize=201', 'querystring.pageSize'],
      ['pageSize=1.5', 'querystring.pageSize'],
      ['status=gone', 'querystring.status'],
      [`search=${'x'.repeat(300)}`, 'querystring.search'],
    ] as const) {
      const res = await get(pageUrl(query), w.users.otherHost.cookie);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(field);
    }
    expect((await page('pageSize=200')).members).toHaveLength(121);
  });

  it('counts a search up to the cap and says so', async () => {
    const list = await giveChapterList(t, w.chapters.town.id, 'Capped');
    try {
      await bulkContacts(t.db, list, SEARCH_COUNT_CAP + 50);
      const url = `/api/mailing_list/chapter/${w.chapters.town.id}/members?search=member`;
      const capped = memberPageSchema.parse((await get(url, w.users.host.cookie)).json());
      expect(capped).toMatchObject({ total: SEARCH_COUNT_CAP + 1, totalCapped: true });
      expect(capped.members).toHaveLength(50);
      // A page past the cap is still read; the whole list's total is exact.
      const pages = (SEARCH_COUNT_CAP + 50) / 50;
      const deep = await get(`${url}&page=${pages}&pageSize=50`, w.users.host.cookie);
      expect(memberPageSchema.parse(deep.json()).members).toHaveLength(0);
      const late = await get(`${url}&page=${pages - 1}&pageSize=50`, w.users.host.cookie);
      expect(memberPageSchema.parse(late.json()).members).toHaveLength(50);
      const whole = `/api/mailing_list/chapter/${w.chapters.town.id}/members?pageSize=1`;
      expect(memberPageSchema.parse((await get(whole, w.users.host.cookie)).json())).toMatchObject({
        total: SEARCH_COUNT_CAP + 50,
        totalCapped: false,
      });
    } finally {
      await t.db
        .update(chapters)
        .set({ brontoListId: w.lists.town })
        .where(eq(chapters.id, w.chapters.town.id));
    }
  });

  it("is for the chapter's hosts, its field organizers and admins", async () => {
    const url = pageUrl('page=0', w.chapters.town.id);
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, w.users.plain.cookie)).statusCode).toBe(403);
    expect((await get(url, w.users.otherHost.cookie)).statusCode).toBe(403);
    for (const user of [w.users.host, w.users.fieldOrganizer, w.users.admin]) {
      const res = await get(url, user.cookie);
      expect(res.statusCode).toBe(200);
      expect(memberPageSchema.parse(res.json()).total).toBe(3);
    }
    expect((await get(pageUrl('page=0', 987654), w.users.admin.cookie)).statusCode).toBe(404);
  });

  it('answers an empty page for a chapter without a list', async () => {
    const [bare] = await t.db
      .insert(chapters)
      .values({ title: 'Bare', slug: `bare-${Date.now()}`, city: 'X', state: 'CA', status: 1 })
      .returning();
    const res = await get(pageUrl('page=0', bare!.id), w.users.admin.cookie);
    expect(res.json()).toEqual({ members: [], total: 0, totalCapped: false });
  });
});
