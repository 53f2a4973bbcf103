// A chapter's email alias against the addresses others hold (issue 19, items 1-3): reserved
// mailbox names are an admin's to give out, an admin's hand-made alias is never taken over or
// renamed away by a chapter, and two chapters saving one address at once never both win.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { chapters, chapterTypes, emailAliases } from '../../db/schema';
import { RESERVED_ALIAS_MESSAGE, RESERVED_ALIAS_NAMES } from '../../../common/reservedAliases';
import {
  createChapterAdminWorld,
  fieldMessage,
  grantRole,
  insertChapter,
  send,
  uniqueSlug,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';

let t: TestApp;
let w: ChapterAdminWorld;
let domain: string;
beforeAll(async () => {
  t = await createTestApp();
  w = await createChapterAdminWorld(t);
  const [type] = await t.db
    .select({ domain: chapterTypes.mailDomain })
    .from(chapterTypes)
    .where(eq(chapterTypes.id, w.chapter.chapterTypeId));
  domain = type!.domain.toLowerCase();
});
afterAll(() => t.close());

const saveAlias = (chapterId: number, emailAlias: string, cookie?: string) =>
  send(t, { method: 'POST', url: '/api/chapter', payload: { id: chapterId, emailAlias } }, cookie);

async function aliasRows(localPart: string) {
  return t.db
    .select({ id: emailAliases.id, chapterId: emailAliases.chapterId })
    .from(emailAliases)
    .where(
      sql`lower(${emailAliases.localPart}) = ${localPart.toLowerCase()} and lower(${emailAliases.domain}) = ${domain}`,
    );
}

async function storedAlias(chapterId: number) {
  const [row] = await t.db
    .select({ emailAlias: chapters.emailAlias })
    .from(chapters)
    .where(eq(chapters.id, chapterId));
  return row!.emailAlias;
}

describe('reserved mailbox names', () => {
  it('are refused to a field organizer with 400 naming the field, whatever the case', async () => {
    const before = await storedAlias(w.chapter.id);
    for (const name of [...RESERVED_ALIAS_NAMES, 'PostMaster', 'Mailer-Daemon']) {
      const res = await saveAlias(w.chapter.id, name, w.cookies.fieldOrganizer);
      expect(res.statusCode, name).toBe(400);
      expect(fieldMessage(res, 'body.emailAlias'), name).toBe(RESERVED_ALIAS_MESSAGE);
      expect(await aliasRows(name), name).toEqual([]);
    }
    expect(await storedAlias(w.chapter.id)).toBe(before);
  });

  it('are a site admin’s to give out, on the chapter settings and the alias calls alike', async () => {
    const chapter = await insertChapter(t, { emailAlias: uniqueSlug('admins') });
    const res = await saveAlias(chapter.id, 'hostmaster', w.cookies.admin);
    expect(res.statusCode).toBe(200);
    expect(await aliasRows('hostmaster')).toEqual([
      { id: expect.any(Number), chapterId: chapter.id },
    ]);

    const made = await send(
      t,
      {
        method: 'POST',
        url: '/api/admin/mailgun/aliases',
        payload: { localPart: 'postmaster', domain, recipients: ['ops@example.org'] },
      },
      w.cookies.admin,
    );
    expect(made.statusCode).toBe(200);
    expect(await aliasRows('postmaster')).toEqual([{ id: expect.any(Number), chapterId: null }]);
  });
});

describe('an admin’s hand-made alias', () => {
  it('is never taken over or renamed away by a chapter’s alias', async () => {
    const made = await send(
      t,
      {
        method: 'POST',
        url: '/api/admin/mailgun/aliases',
        payload: { localPart: 'info', domain, recipients: ['office@example.org'] },
      },
      w.cookies.admin,
    );
    expect(made.statusCode).toBe(200);
    const infoId = made.json<{ id: number }>().id;

    const taken = await saveAlias(w.chapter.id, 'Info', w.cookies.fieldOrganizer);
    expect(taken.statusCode).toBe(409);
    expect(fieldMessage(taken, 'body.emailAlias')).toMatch(/already/);
    // Nor for an admin saving the chapter: the address is the other alias's.
    expect((await saveAlias(w.chapter.id, 'info', w.cookies.admin)).statusCode).toBe(409);

    // The chapter's next alias leaves info@ where it was.
    const next = uniqueSlug('next');
    expect((await saveAlias(w.chapter.id, next, w.cookies.fieldOrganizer)).statusCode).toBe(200);
    expect(await aliasRows('info')).toEqual([{ id: infoId, chapterId: null }]);
    expect(await aliasRows(next)).toEqual([{ id: expect.any(Number), chapterId: w.chapter.id }]);
    const [info] = await t.db.select().from(emailAliases).where(eq(emailAliases.id, infoId));
    expect(info).toMatchObject({ localPart: 'info', recipients: ['office@example.org'] });
  });

  it('is refused by the database too, whoever writes the chapter', async () => {
    // A script or a save that raced past the check: the trigger refuses rather than adopting.
    await expect(
      t.db.update(chapters).set({ emailAlias: 'info' }).where(eq(chapters.id, w.other.id)),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23505' }) });
    expect(await aliasRows('info')).toEqual([{ id: expect.any(Number), chapterId: null }]);
  });

  it('does not stop a chapter whose address is held from gaining a host', async () => {
    // A chapter from before the rule, whose alias names an address an admin's alias holds.
    const chapter = await insertChapter(t, { emailAlias: uniqueSlug('old') });
    await t.db.execute(sql`alter table chapters disable trigger chapters_sync_alias_upd`);
    try {
      await t.db.update(chapters).set({ emailAlias: 'info' }).where(eq(chapters.id, chapter.id));
    } finally {
      await t.db.execute(sql`alter table chapters enable trigger chapters_sync_alias_upd`);
    }
    await grantRole(t, w.users.host.id, 3, chapter.id);
    expect(await aliasRows('info')).toEqual([{ id: expect.any(Number), chapterId: null }]);
  });
});

describe('two chapters saving one address at once', () => {
  it('gives it to one of them and answers the other 409, never 500', async () => {
    for (let round = 0; round < 10; round += 1) {
      const [a, b] = await Promise.all([
        insertChapter(t, { emailAlias: uniqueSlug('a') }),
        insertChapter(t, { emailAlias: uniqueSlug('b') }),
      ]);
      await grantRole(t, w.users.fieldOrganizer.id, 2, a!.id);
      await grantRole(t, w.users.fieldOrganizer.id, 2, b!.id);
      const wanted = uniqueSlug('race');
      const answers = await Promise.all([
        saveAlias(a!.id, wanted, w.cookies.admin),
        saveAlias(b!.id, wanted, w.cookies.admin),
      ]);
      expect(answers.map((r) => r.statusCode).sort(), `round ${round}`).toEqual([200, 409]);
      const loser = answers.find((r) => r.statusCode === 409)!;
      expect(fieldMessage(loser, 'body.emailAlias')).toMatch(/already/);
      const holders = await t.db
        .select({ id: chapters.id })
        .from(chapters)
        .where(sql`lower(${chapters.emailAlias}) = ${wanted}`);
      expect(holders).toHaveLength(1);
      expect(await aliasRows(wanted)).toEqual([
        { id: expect.any(Number), chapterId: holders[0]!.id },
      ]);
    }
  });
});
