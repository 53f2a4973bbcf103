// Lists made after an import from the original site (issue 31 item 4): its chapters keep their
// old list ids, which name no list here. New lists must be numbered past them (no 500 from the
// chapters' unique list-id index), and a chapter whose id names no list must be able to get
// one and import its members into it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/app';
import { signedInUser } from '../../test/users';
import { importMembersFile } from '../../test/chapterAdminWorld';
import { legacyData } from '../../test/legacyData';
import { startLegacySite, type LegacySite } from '../../test/legacySite';
import { importLegacy } from '../../import/legacy/run';
import { chapters, mailingLists } from '../../db/schema';

let t: Awaited<ReturnType<typeof createTestApp>>;
let site: LegacySite;
let admin: { cookie: string };

// The original numbered its Bronto lists from 1: 21 chapters hold 1 to 21 (the ids a new list
// here would get first), and 9 have none.
const WITH_IDS = 21;
const WITHOUT = 9;

beforeAll(async () => {
  const data = legacyData({
    chapters: WITH_IDS + WITHOUT,
    users: 3,
    eventsPerChapter: 0,
    postsPerChapter: 0,
    edgeCases: false,
  });
  data.emailSettings = { serviceName: 'bronto' };
  for (const [i, c] of data.chapters.entries()) {
    c.brontoListId = i < WITH_IDS ? String(i + 1) : null;
  }
  site = await startLegacySite(data);
  t = await createTestApp();
  await importLegacy(t.db, {
    from: site.url,
    email: data.admin.email,
    password: data.admin.password,
    uploadsDir: mkdtempSync(path.join(tmpdir(), 'legacy-uploads-')),
  });
  admin = await signedInUser(t, { admin: true });
}, 240_000);
afterAll(async () => {
  await t?.close();
  await site?.close();
});

const chapterOf = async (slug: string) =>
  (await t.db.select().from(chapters).where(eq(chapters.slug, slug)))[0]!;
const createList = (chapterId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/mailing_list/chapter/${chapterId}/list`,
    payload: {},
    headers: { cookie: admin.cookie },
  });

describe('lists made after an import from the original site', () => {
  it('numbers each new list past the ids imported chapters hold, even made all at once', async () => {
    const listless = await Promise.all(
      Array.from({ length: WITHOUT }, (_, i) => chapterOf(`city-${WITH_IDS + i + 1}`)),
    );
    const answers = await Promise.all(listless.map((c) => createList(c.id)));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const ids = answers.map((a) => (a.json() as { listId: string }).listId);
    expect(new Set(ids).size).toBe(WITHOUT);
    for (const id of ids) expect(Number(id)).toBeGreaterThan(WITH_IDS);
    const all = await t.db.select({ id: chapters.brontoListId }).from(chapters);
    const held = all.map((c) => c.id).filter((id) => id !== null);
    expect(new Set(held).size).toBe(held.length);
    expect(held).toHaveLength(WITH_IDS + WITHOUT);
  });

  it('gives a chapter whose imported id names no list a list, which takes an import', async () => {
    const stuck = await chapterOf('city-1');
    expect(stuck.brontoListId).toBe('1');
    const listIdUrl = `/api/mailing_list/chapter_list_id/${stuck.id}`;
    const before = await t.app.inject({ url: listIdUrl, headers: { cookie: admin.cookie } });
    expect(before.json()).toEqual({ listId: null });

    const made = await createList(stuck.id);
    expect(made.statusCode).toBe(200);
    const { listId } = made.json() as { listId: string };
    const [list] = await t.db
      .select()
      .from(mailingLists)
      .where(eq(mailingLists.id, Number(listId)));
    expect(list?.name).toContain('City 1');
    expect((await chapterOf('city-1')).brontoListId).toBe(listId);
    const after = await t.app.inject({ url: listIdUrl, headers: { cookie: admin.cookie } });
    expect(after.json()).toEqual({ listId });

    const imported = await importMembersFile(
      t,
      { chapterId: stuck.id, cookie: admin.cookie },
      'email\nann@example.org\nbo@example.org\n',
    );
    expect(imported).toMatchObject({ added: 2, alreadyMembers: 0, refused: [] });
    expect((await createList(stuck.id)).statusCode).toBe(409);
  });

  it('signs a visitor up to such a chapter by its id', async () => {
    const stuck = await chapterOf('city-2');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mailing_list/sign_up_chapter',
      payload: { email: 'visitor@example.org', chapterId: stuck.id },
    });
    expect(res.json()).toMatchObject({ results: [{ isError: false }] });
    const listId = (await chapterOf('city-2')).brontoListId;
    expect(listId).not.toBe('2');
    expect(
      await t.db
        .select()
        .from(mailingLists)
        .where(eq(mailingLists.id, Number(listId))),
    ).toHaveLength(1);
  });
});
