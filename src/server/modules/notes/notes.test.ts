// GET /api/chapter_note/chapter/{chapterId} and POST /api/chapter_note (spec 2 §2 Notes, §5, §7):
// notes for the people who run a chapter; Admin Only notes never leave the server for a host or
// field organizer; every note is an activity feed item.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../test/app';
import { activityFeedItems, chapterNotes } from '../../db/schema';
import { LIMITS } from '../../../common/constants';
import { chapterNoteSchema, NOTE_REQUIRED, NOTE_TOO_LONG } from '../../../common/schemas/notes';
import {
  createChapterAdminWorld,
  fieldMessage,
  fieldNames,
  grantRole,
  insertChapter,
  PAST_INTEGER_RANGE,
  rawJson,
  send,
  WITH_NUL,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';

let t: TestApp;
let w: ChapterAdminWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await createChapterAdminWorld(t);
});
afterAll(() => t.close());

const list = (chapterId: number | string, cookie?: string) =>
  send(t, { method: 'GET', url: `/api/chapter_note/chapter/${chapterId}` }, cookie);
const add = (payload: object, cookie?: string) =>
  send(t, { method: 'POST', url: '/api/chapter_note', payload }, cookie);

async function freshChapter(status = 1) {
  const chapter = await insertChapter(t, { status, title: 'Greenpoint' });
  await grantRole(t, w.users.host.id, 3, chapter.id);
  await grantRole(t, w.users.fieldOrganizer.id, 2, chapter.id);
  return chapter;
}

async function notesSeenBy(chapterId: number, cookie: string | undefined) {
  const res = await list(chapterId, cookie);
  expect(res.statusCode).toBe(200);
  return chapterNoteSchema
    .array()
    .parse(res.json())
    .map((n) => n.note);
}

const activityOf = (chapterId: number) =>
  t.db.select().from(activityFeedItems).where(eq(activityFeedItems.chapterId, chapterId));

describe('POST /api/chapter_note', () => {
  it('saves a note by a host and answers it with its author', async () => {
    const chapter = await freshChapter();
    const res = await add(
      { note: '  Met the bar owner.  ', chapterId: chapter.id },
      w.cookies.host,
    );
    expect(res.statusCode).toBe(200);
    const note = chapterNoteSchema.parse(res.json());
    expect(note).toMatchObject({
      note: 'Met the bar owner.',
      adminOnly: false,
      chapterId: chapter.id,
      user: { id: w.users.host.id, name: w.users.host.name, email: w.users.host.email },
    });
    expect(Number.isNaN(Date.parse(note.createdAt))).toBe(false);
    expect(await notesSeenBy(chapter.id, w.cookies.fieldOrganizer)).toEqual(['Met the bar owner.']);
  });

  it('records an activity feed item for each note, admin-only when the note is', async () => {
    const chapter = await freshChapter();
    const open = (
      await add({ note: 'Open note', chapterId: chapter.id }, w.cookies.fieldOrganizer)
    ).json();
    const secret = (
      await add({ note: 'Admin note', adminOnly: true, chapterId: chapter.id }, w.cookies.admin)
    ).json();
    const items = await activityOf(chapter.id);
    expect(items.map((i) => [i.type, i.note, i.objectId, i.adminOnly, i.userId]).sort()).toEqual(
      [
        ['chapter_note', 'Admin note', secret.id, true, w.users.admin.id],
        ['chapter_note', 'Open note', open.id, false, w.users.fieldOrganizer.id],
      ].sort(),
    );
    expect(items.every((i) => i.title.includes('Greenpoint'))).toBe(true);
  });

  it('refuses an Admin Only note from a host or field organizer with 403, and saves nothing', async () => {
    const chapter = await freshChapter();
    for (const kind of ['host', 'fieldOrganizer'] as const) {
      const res = await add(
        { note: 'Sneaky', adminOnly: true, chapterId: chapter.id },
        w.cookies[kind],
      );
      expect(res.statusCode, kind).toBe(403);
      expect(fieldNames(res), kind).toEqual(['body.adminOnly']);
    }
    expect(
      await t.db.select().from(chapterNotes).where(eq(chapterNotes.chapterId, chapter.id)),
    ).toEqual([]);
    expect(await activityOf(chapter.id)).toEqual([]);
  });

  it("answers 400 'Note is Required' for a blank note", async () => {
    const chapter = await freshChapter();
    for (const note of ['', '   ', '\n\t']) {
      const res = await add({ note, chapterId: chapter.id }, w.cookies.host);
      expect(res.statusCode, JSON.stringify(note)).toBe(400);
      expect(fieldNames(res)).toEqual(['body.note']);
      expect(fieldMessage(res, 'body.note')).toBe(NOTE_REQUIRED);
    }
    expect(NOTE_REQUIRED).toBe('Note is Required');
  });

  it('answers 400 naming the field for a value of the wrong kind, never 500', async () => {
    const chapter = await freshChapter();
    const cases: [object, string][] = [
      [{ chapterId: chapter.id }, 'body.note'],
      [{ note: 12, chapterId: chapter.id }, 'body.note'],
      [{ note: 'x'.repeat(10_001), chapterId: chapter.id }, 'body.note'],
      [{ note: 'Hi' }, 'body.chapterId'],
      [{ note: 'Hi', chapterId: 'abc' }, 'body.chapterId'],
      [{ note: 'Hi', chapterId: 0 }, 'body.chapterId'],
      [{ note: 'Hi', chapterId: 2.5 }, 'body.chapterId'],
      [{ note: 'Hi', chapterId: chapter.id, adminOnly: 'yes' }, 'body.adminOnly'],
    ];
    for (const [body, field] of cases) {
      const res = await add(body, w.cookies.admin);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(fieldNames(res), JSON.stringify(body).slice(0, 80)).toEqual([field]);
    }
    const malformed = await send(
      t,
      { method: 'POST', url: '/api/chapter_note', raw: rawJson('{"note": "x", ') },
      w.cookies.admin,
    );
    expect(malformed.statusCode).toBe(400);
  });

  it('answers 400 naming body.chapterId for an id past the integer range, never 500', async () => {
    const res = await add({ note: 'Hi', chapterId: PAST_INTEGER_RANGE }, w.cookies.admin);
    expect(res.statusCode).toBe(400);
    expect(fieldNames(res)).toEqual(['body.chapterId']);
  });

  it('answers 400 naming body.note for a note holding a NUL character, never 500', async () => {
    const chapter = await freshChapter();
    const res = await add({ note: WITH_NUL, chapterId: chapter.id }, w.cookies.host);
    expect(res.statusCode).toBe(400);
    expect(fieldNames(res)).toEqual(['body.note']);
  });

  it('answers 401 to a visitor, 403 to others and 404 for no such chapter', async () => {
    const chapter = await freshChapter();
    const note = { note: 'Hello', chapterId: chapter.id };
    expect((await add(note)).statusCode).toBe(401);
    expect((await add(note, w.cookies.noRole)).statusCode).toBe(403);
    expect((await add(note, w.cookies.otherHost)).statusCode).toBe(403);
    expect((await add({ ...note, chapterId: 999_999 }, w.cookies.admin)).statusCode).toBe(404);
    expect(await notesSeenBy(chapter.id, w.cookies.admin)).toEqual([]);
  });
});

describe('GET /api/chapter_note/chapter/:chapterId', () => {
  it('answers newest first, and admin-only notes to admins only', async () => {
    const chapter = await freshChapter(0);
    for (const [note, adminOnly, kind] of [
      ['First', false, 'host'],
      ['Second (admin)', true, 'admin'],
      ['Third', false, 'fieldOrganizer'],
      ['Fourth (admin)', true, 'admin'],
    ] as const) {
      const res = await add({ note, adminOnly, chapterId: chapter.id }, w.cookies[kind]);
      expect(res.statusCode).toBe(200);
    }
    expect(await notesSeenBy(chapter.id, w.cookies.admin)).toEqual([
      'Fourth (admin)',
      'Third',
      'Second (admin)',
      'First',
    ]);
    for (const kind of ['host', 'fieldOrganizer'] as const) {
      const res = await list(chapter.id, w.cookies[kind]);
      expect(
        res.json().map((n: { note: string }) => n.note),
        kind,
      ).toEqual(['Third', 'First']);
      expect(res.body, kind).not.toContain('(admin)');
    }
  });

  it('answers 401 to a visitor, 403 to others, 404 for no such chapter and 400 for a bad id', async () => {
    const chapter = await freshChapter();
    await add({ note: 'Private to the hosts', chapterId: chapter.id }, w.cookies.host);
    expect((await list(chapter.id)).statusCode).toBe(401);
    for (const kind of ['noRole', 'otherHost'] as const) {
      const res = await list(chapter.id, w.cookies[kind]);
      expect(res.statusCode, kind).toBe(403);
      expect(res.body).not.toContain('Private to the hosts');
    }
    expect((await list(999_999, w.cookies.admin)).statusCode).toBe(404);
    for (const id of ['abc', '0', '1e3']) {
      const res = await list(id, w.cookies.admin);
      expect(res.statusCode, id).toBe(400);
      expect(fieldNames(res)).toEqual(['params.chapterId']);
    }
  });
});

describe('a chapter holds a bounded number of notes', () => {
  it(`refuses the note past ${LIMITS.notesPerChapter} with a 400 naming the chapter, and stores nothing of it`, async () => {
    const chapter = await freshChapter();
    await t.db.insert(chapterNotes).values(
      Array.from({ length: LIMITS.notesPerChapter - 2 }, (_, i) => ({
        chapterId: chapter.id,
        userId: w.users.host.id,
        note: `Filler ${i}`,
      })),
    );
    // The last two places, asked for at once with a third: exactly two are taken.
    const answers = await Promise.all(
      [1, 2, 3].map((n) => add({ note: `Racing ${n}`, chapterId: chapter.id }, w.cookies.host)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 400]);
    const refused = answers.find((r) => r.statusCode === 400)!;
    expect(fieldMessage(refused, 'body.chapterId')).toBe(
      `A chapter can have at most ${LIMITS.notesPerChapter} notes.`,
    );
    const stored = await t.db
      .select()
      .from(chapterNotes)
      .where(eq(chapterNotes.chapterId, chapter.id));
    expect(stored).toHaveLength(LIMITS.notesPerChapter);
    // Neither the note nor its activity item: the feed has the two that were saved.
    expect(await activityOf(chapter.id)).toHaveLength(2);
    // An admin is held to it too.
    const admin = await add({ note: 'One more', chapterId: chapter.id }, w.cookies.admin);
    expect(admin.statusCode).toBe(400);
    // Another chapter is not.
    const other = await freshChapter();
    expect((await add({ note: 'Hello', chapterId: other.id }, w.cookies.host)).statusCode).toBe(
      200,
    );
  });

  it(`refuses a note longer than ${LIMITS.noteChars} characters with the form's message`, async () => {
    const chapter = await freshChapter();
    const res = await add(
      { note: 'x'.repeat(LIMITS.noteChars + 1), chapterId: chapter.id },
      w.cookies.host,
    );
    expect(res.statusCode).toBe(400);
    expect(fieldMessage(res, 'body.note')).toBe(NOTE_TOO_LONG);
    const longest = await add(
      { note: 'x'.repeat(LIMITS.noteChars), chapterId: chapter.id },
      w.cookies.host,
    );
    expect(longest.statusCode).toBe(200);
  });
});
