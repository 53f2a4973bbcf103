// Issue 35, item 6: a new chapter's setup checklist (GET /api/chapter/{id}/setup) ticks each
// step when the host or the admin does it, the way they do it on their screens; Make active
// (POST /api/chapter/{id}/make_active) is a field organizer's or an admin's, as the Status of
// Chapter Settings is, once the host's part is done, and tells
// the hosts once, as a save of the status in Chapter Settings does.
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { imageUpload, insertChapter, send, type TestApp } from '../../test/chapterAdminWorld';
import { signedInUser } from '../../test/users';
import { chapters, mailOutbox } from '../../db/schema';
import { chapterSetupSchema, type ChapterSetup } from '../../../common/schemas/chapterSetup';
import type { SetupDone } from '../../../common/chapterSetup';

let t: TestApp;
type Someone = Awaited<ReturnType<typeof signedInUser>>;
let admin: Someone;
let otherHost: Someone;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { admin: true, name: 'Ada Admin' });
  const other = await insertChapter(t, { title: 'Oakland', state: 'CA' });
  otherHost = await signedInUser(t, { name: 'Olga Otherhost', hostOf: [other.id] });
});
afterAll(() => t.close());

let made = 0;
/** A chapter as Add Chapter leaves it: hidden, no about, no list, no event; with a host. */
async function newChapter(values: Partial<typeof chapters.$inferInsert> = {}) {
  made += 1;
  const chapter = await insertChapter(t, {
    title: `Dayton ${made}`,
    status: 0,
    about: '',
    sendInBlueListId: null,
    brontoListId: null,
    ...values,
  });
  const host = await signedInUser(t, {
    name: `Hana Host ${made}`,
    email: `host-${made}-${chapter.id}@example.org`,
    hostOf: [chapter.id],
  });
  const organizer = await signedInUser(t, {
    name: `Fred Organizer ${made}`,
    fieldOrganizerOf: [chapter.id],
  });
  return { chapter, host, organizer };
}

async function setup(chapterId: number, cookie: string | undefined): Promise<ChapterSetup> {
  const res = await send(t, { method: 'GET', url: `/api/chapter/${chapterId}/setup` }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return chapterSetupSchema.parse(res.json());
}

const makeActive = (chapterId: number | string, cookie: string | undefined) =>
  send(t, { method: 'POST', url: `/api/chapter/${chapterId}/make_active`, payload: {} }, cookie);

/** The "is live" mails a host got for the chapter. */
const liveMails = (email: string, title: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, `${title} is live`)));

const NOTHING: SetupDone = {
  about: false,
  headerImage: false,
  firstEvent: false,
  mailingList: false,
  emailAlias: false,
  active: false,
};

/** The host's four steps, each as the host's screen does it. */
const steps = {
  async about(chapterId: number, cookie: string) {
    const res = await send(
      t,
      {
        method: 'POST',
        url: '/api/chapter',
        payload: { id: chapterId, about: '<p>We meet on Tuesdays.</p>' },
      },
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
  },
  async headerImage(chapterId: number, cookie: string) {
    const png = await sharp({
      create: { width: 64, height: 32, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .png()
      .toBuffer();
    const res = await send(
      t,
      { method: 'POST', url: `/api/chapter/header_image/${chapterId}`, raw: imageUpload(png) },
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
  },
  async firstEvent(chapterId: number, cookie: string) {
    const res = await send(
      t,
      {
        method: 'POST',
        url: '/api/chapter_event',
        payload: {
          chapterId,
          name: 'The Pencil Factory',
          description: '',
          address1: '142 Franklin St',
          address2: '',
          city: 'Dayton',
          state: 'OH',
          postalCode: '45402',
          country: 'US',
          startTime: '19:00',
          endTime: '21:00',
          isSingleDate: false,
          singleDate: null,
          dayOfWeekIndex: 2,
          weeksOfMonthIndexes: '1,3',
        },
      },
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
  },
  async mailingList(chapterId: number, cookie: string) {
    const list = await send(
      t,
      { method: 'POST', url: `/api/mailing_list/chapter/${chapterId}/list`, payload: {} },
      cookie,
    );
    expect(list.statusCode, list.body).toBe(200);
    const added = await send(
      t,
      {
        method: 'POST',
        url: '/api/mailing_list/sign_up_many',
        payload: { listId: list.json().listId, emails: `friend-${chapterId}@example.org` },
      },
      cookie,
    );
    expect(added.statusCode, added.body).toBe(200);
  },
};

async function doHostPart(chapterId: number, cookie: string) {
  for (const step of Object.values(steps)) await step(chapterId, cookie);
}

describe('GET /api/chapter/:id/setup', () => {
  it('ticks each of the host’s steps when the host does it, and no other', async () => {
    const { chapter, host } = await newChapter({ emailAlias: '' });
    let expected = { ...NOTHING };
    expect(await setup(chapter.id, host.cookie)).toEqual({
      chapterId: chapter.id,
      done: expected,
      hostPartDone: false,
    });
    for (const [key, step] of Object.entries(steps)) {
      await step(chapter.id, host.cookie);
      expected = { ...expected, [key]: true };
      const now = await setup(chapter.id, host.cookie);
      expect(now.done, key).toEqual(expected);
      expect(now.hostPartDone, key).toBe(key === 'mailingList');
    }
  });

  it('ticks the email address when an admin gives one in Chapter Settings', async () => {
    const { chapter, host } = await newChapter({ emailAlias: '' });
    expect((await setup(chapter.id, host.cookie)).done.emailAlias).toBe(false);
    const res = await send(
      t,
      {
        method: 'POST',
        url: '/api/chapter',
        payload: { id: chapter.id, emailAlias: `dayton-${chapter.id}` },
      },
      admin.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await setup(chapter.id, host.cookie)).done.emailAlias).toBe(true);
  });

  it('does not count about text that shows nothing, or a list of no one', async () => {
    const { chapter, host } = await newChapter({ about: '<p><br></p><p>&nbsp; </p>' });
    const list = await send(
      t,
      { method: 'POST', url: `/api/mailing_list/chapter/${chapter.id}/list`, payload: {} },
      host.cookie,
    );
    expect(list.statusCode).toBe(200);
    const { done } = await setup(chapter.id, host.cookie);
    expect(done.about).toBe(false);
    expect(done.mailingList).toBe(false);
  });

  it('is for those with host-level access: 401 signed out, 403 others, 404 no chapter', async () => {
    const { chapter, organizer } = await newChapter();
    const status = async (id: number, cookie?: string) =>
      (await send(t, { method: 'GET', url: `/api/chapter/${id}/setup` }, cookie)).statusCode;
    expect(await status(chapter.id)).toBe(401);
    expect(await status(chapter.id, otherHost.cookie)).toBe(403);
    expect(await status(chapter.id, organizer.cookie)).toBe(200);
    expect(await status(chapter.id, admin.cookie)).toBe(200);
    expect(await status(2_000_000_000, admin.cookie)).toBe(404);
  });
});

describe('POST /api/chapter/:id/make_active', () => {
  it('is refused to the chapter’s host and to others (403 naming who may), and leaves it hidden', async () => {
    const { chapter, host } = await newChapter();
    await doHostPart(chapter.id, host.cookie);
    for (const who of [host, otherHost]) {
      const res = await makeActive(chapter.id, who.cookie);
      expect(res.statusCode, who.name).toBe(403);
      expect(res.json().message).toBe(
        'Only the chapter’s field organizers and site admins may make it active.',
      );
    }
    expect((await makeActive(chapter.id, undefined)).statusCode).toBe(401);
    const [row] = await t.db.select().from(chapters).where(eq(chapters.id, chapter.id));
    expect(row!.status).toBe(0);
  });

  it('is the field organizer’s as much as the Status of Chapter Settings is (one rule for both)', async () => {
    const { chapter, host, organizer } = await newChapter();
    await doHostPart(chapter.id, host.cookie);
    // The host may save neither: the settings' Status is refused as Make active is.
    const hostSave = await send(
      t,
      { method: 'POST', url: '/api/chapter', payload: { id: chapter.id, status: 1 } },
      host.cookie,
    );
    expect(hostSave.statusCode).toBe(403);
    const res = await makeActive(chapter.id, organizer.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(chapterSetupSchema.parse(res.json()).done.active).toBe(true);
    expect(await liveMails(host.email, chapter.title)).toHaveLength(1);
  });

  it('answers 404 for a chapter that does not exist, and 403 to a host asking the same', async () => {
    expect((await makeActive(2_000_000_000, admin.cookie)).statusCode).toBe(404);
    expect((await makeActive(2_000_000_000, otherHost.cookie)).statusCode).toBe(403);
  });

  it('waits for the host’s part: 409 naming what is left', async () => {
    const { chapter, host } = await newChapter();
    await steps.about(chapter.id, host.cookie);
    await steps.firstEvent(chapter.id, host.cookie);
    const res = await makeActive(chapter.id, admin.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "The host's part is not done yet: A header image, The mailing list.",
    );
    expect((await setup(chapter.id, host.cookie)).done.active).toBe(false);
  });

  it('makes the chapter active for an admin: visitors see it, and its hosts are told once', async () => {
    const { chapter, host } = await newChapter();
    await doHostPart(chapter.id, host.cookie);
    const before = await send(t, { method: 'GET', url: `/api/chapter/slug/${chapter.slug}` });
    expect(before.statusCode).toBe(404);

    const res = await makeActive(chapter.id, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(chapterSetupSchema.parse(res.json()).done.active).toBe(true);

    const visitor = await send(t, { method: 'GET', url: `/api/chapter/slug/${chapter.slug}` });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().status).toBe(1);
    // Pressed again (a second tab): still active, and no second mail.
    expect((await makeActive(chapter.id, admin.cookie)).statusCode).toBe(200);
    expect(await liveMails(host.email, chapter.title)).toHaveLength(1);
  });
});
