// Notes about a user (spec 2 §2 /admin/users/{id}, §3 UserNote, §5, §7): admins only; each saved
// note is an admin-only `user_note` activity feed item.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { activityFeedItems, userNotes, users } from '../../db/schema';
import { activityItemSchema } from '../../../common/schemas/activity';
import { userNoteListSchema, userNoteSchema } from '../../../common/schemas/userNotes';
import {
  createChapterAdminWorld,
  fieldNames,
  fieldMessage,
  send,
  WITH_NUL,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';
import { expectAdminOnly } from '../../test/adminOnly';
import { createUser, signedInUser } from '../../test/users';
import { LIMITS } from '../../../common/constants';

let t: TestApp;
let w: ChapterAdminWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await createChapterAdminWorld(t);
});
afterAll(() => t.close());

const post = (payload: object, cookie = w.cookies.admin) =>
  send(t, { method: 'POST', url: '/api/user_note', payload }, cookie);
const list = (userId: number, cookie = w.cookies.admin) =>
  send(t, { method: 'GET', url: `/api/user_note/user/${userId}` }, cookie);

describe('POST /api/user_note', () => {
  it('saves the note by the signed-in admin and answers it', async () => {
    const res = await post({ note: '  Called about Tuesdays.  ', aboutUserId: w.users.host.id });
    expect(res.statusCode).toBe(200);
    const note = userNoteSchema.parse(res.json());
    expect(note).toEqual({
      id: expect.any(Number),
      note: 'Called about Tuesdays.',
      aboutUserId: w.users.host.id,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      user: { id: w.users.admin.id, name: 'Ada Admin', email: w.users.admin.email },
    });
    const [row] = await t.db.select().from(userNotes).where(eq(userNotes.id, note.id));
    expect(row).toMatchObject({ authorId: w.users.admin.id, aboutUserId: w.users.host.id });
  });

  it('puts the note in the activity feed as an admin-only user_note', async () => {
    const note = (await post({ note: 'Feed me', aboutUserId: w.users.noRole.id })).json();
    const [item] = await t.db
      .select()
      .from(activityFeedItems)
      .where(eq(activityFeedItems.objectId, note.id));
    expect(item).toMatchObject({
      type: 'user_note',
      note: 'Feed me',
      title: 'Note on Nora Norole',
      adminOnly: true,
      userId: w.users.admin.id,
      chapterId: null,
    });
    const feed = await send(
      t,
      { method: 'GET', url: '/api/activity_feed_item/all' },
      w.cookies.admin,
    );
    const items = activityItemSchema.array().parse(feed.json());
    expect(items.some((i) => i.type === 'user_note' && i.objectId === note.id)).toBe(true);
    // Not in any chapter's feed, which hosts read.
    const chapterFeed = await send(
      t,
      { method: 'GET', url: `/api/activity_feed_item/chapter/${w.chapter.id}` },
      w.cookies.host,
    );
    expect(chapterFeed.body).not.toContain('Feed me');
  });

  it("answers 400 'Note is Required' naming body.note for a missing or blank note", async () => {
    for (const body of [
      { aboutUserId: w.users.host.id },
      { note: '', aboutUserId: w.users.host.id },
      { note: '   ', aboutUserId: w.users.host.id },
    ]) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(fieldNames(res)).toEqual(['body.note']);
    }
    expect(fieldMessage(await post({ note: ' ', aboutUserId: 1 }), 'body.note')).toBe(
      'Note is Required',
    );
  });

  it('answers 400 naming the field for a bad aboutUserId or note, never 500', async () => {
    for (const [body, field] of [
      [{ note: 'x' }, 'body.aboutUserId'],
      [{ note: 'x', aboutUserId: 'one' }, 'body.aboutUserId'],
      [{ note: 'x', aboutUserId: 0 }, 'body.aboutUserId'],
      [{ note: 'x', aboutUserId: 2 ** 31 }, 'body.aboutUserId'],
      [{ note: 'x'.repeat(10_001), aboutUserId: w.users.host.id }, 'body.note'],
      [{ note: WITH_NUL, aboutUserId: w.users.host.id }, 'body.note'],
    ] as const) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldNames(res), JSON.stringify(body)).toContain(field);
    }
  });

  it('answers 404 for a user that does not exist, and saves nothing', async () => {
    const before = await t.db.select().from(userNotes);
    const res = await post({ note: 'Nobody', aboutUserId: 999_999 });
    expect(res.statusCode).toBe(404);
    expect(await t.db.select().from(userNotes)).toHaveLength(before.length);
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, w, {
      method: 'POST',
      url: '/api/user_note',
      payload: { note: 'x', aboutUserId: w.users.host.id },
    });
  });
});

describe('GET /api/user_note/user/{userId}', () => {
  it("answers the user's notes, newest first, with their authors", async () => {
    const about = await createUser(t.db, { name: 'Noted Person' });
    await post({ note: 'first', aboutUserId: about.id });
    await post({ note: 'second', aboutUserId: about.id });
    await post({ note: 'elsewhere', aboutUserId: w.users.host.id });
    const res = await list(about.id);
    expect(res.statusCode).toBe(200);
    const notes = userNoteListSchema.parse(res.json());
    expect(notes.map((n) => n.note)).toEqual(['second', 'first']);
    expect(notes.every((n) => n.user?.id === w.users.admin.id)).toBe(true);
  });

  it('keeps a note whose author is gone, with no author', async () => {
    const gone = await createUser(t.db, { name: 'Gone Admin', admin: true });
    const about = await createUser(t.db, { name: 'Noted Again' });
    await t.db.insert(userNotes).values({ aboutUserId: about.id, authorId: gone.id, note: 'old' });
    await t.db.delete(users).where(eq(users.id, gone.id));
    const notes = userNoteListSchema.parse((await list(about.id)).json());
    expect(notes).toEqual([expect.objectContaining({ note: 'old', user: null })]);
  });

  it('answers 404 for a user that does not exist and 400 naming params.userId for a bad id', async () => {
    expect((await list(999_999)).statusCode).toBe(404);
    const res = await send(t, { method: 'GET', url: '/api/user_note/user/abc' }, w.cookies.admin);
    expect(res.statusCode).toBe(400);
    expect(fieldNames(res)).toEqual(['params.userId']);
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, w, { method: 'GET', url: `/api/user_note/user/${w.users.host.id}` });
  });
});

describe('a user holds a bounded number of notes about them', () => {
  it(`refuses the note past ${LIMITS.notesPerUser} with a 400 naming the user, and stores nothing of it`, async () => {
    const about = await createUser(t.db, { name: 'Much Noted' });
    await t.db.insert(userNotes).values(
      Array.from({ length: LIMITS.notesPerUser - 2 }, (_, i) => ({
        aboutUserId: about.id,
        authorId: w.users.admin.id,
        note: `Filler ${i}`,
      })),
    );
    const feedBefore = await t.db.select().from(activityFeedItems);
    // The last two places, asked for at once with a third: exactly two are taken.
    const answers = await Promise.all(
      [1, 2, 3].map((n) => post({ note: `Racing ${n}`, aboutUserId: about.id })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 400]);
    const refused = answers.find((r) => r.statusCode === 400)!;
    expect(fieldMessage(refused, 'body.aboutUserId')).toBe(
      `A user can have at most ${LIMITS.notesPerUser} notes about them.`,
    );
    const stored = await t.db.select().from(userNotes).where(eq(userNotes.aboutUserId, about.id));
    expect(stored).toHaveLength(LIMITS.notesPerUser);
    expect(await t.db.select().from(activityFeedItems)).toHaveLength(feedBefore.length + 2);
    // Notes about someone else are not held back.
    expect((await post({ note: 'Hello', aboutUserId: w.users.host.id })).statusCode).toBe(200);
  });

  it('saves two admins’ notes about each other written at once', async () => {
    const [a, b] = await Promise.all([
      signedInUser(t, { admin: true }),
      signedInUser(t, { admin: true }),
    ]);
    const answers = await Promise.all([
      post({ note: 'About B', aboutUserId: b.id }, a.cookie),
      post({ note: 'About A', aboutUserId: a.id }, b.cookie),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
  });
});
