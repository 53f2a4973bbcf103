// Host applications for admins (spec 2 §2, §3, §4, §7): every application, a user's, and saving
// status, archive and the three yes/no toggles through POST /api/chapter_host_application.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { chapterHostApplications } from '../../db/schema';
import {
  hostApplicationListSchema,
  hostApplicationSchema,
  type HostApplication,
} from '../../../common/schemas/applications';
import {
  createChapterAdminWorld,
  fieldNames,
  insertChapter,
  send,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';
import { expectAdminOnly } from '../../test/adminOnly';
import { signedInUser } from '../../test/users';

let t: TestApp;
let w: ChapterAdminWorld;
let applicant: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await createChapterAdminWorld(t);
  applicant = await signedInUser(t, { name: 'Apple Applicant' });
});
afterAll(() => t.close());

const URL = '/api/chapter_host_application';
const post = (payload: object, cookie = w.cookies.admin) =>
  send(t, { method: 'POST', url: URL, payload }, cookie);
const form = { city: 'Dayton', state: 'OH', type: 'laughing', reason: 'Jokes and politics.' };

async function apply(cookie = applicant.cookie): Promise<HostApplication> {
  const res = await post(form, cookie);
  expect(res.statusCode).toBe(200);
  return hostApplicationSchema.parse(res.json());
}

/** What the detail screen posts: the whole application with one thing changed. */
const save = (application: HostApplication, change: Partial<HostApplication>, cookie?: string) =>
  post({ ...application, ...change }, cookie);

describe('GET /api/chapter_host_application', () => {
  it('answers every application, archived ones too, newest first, with the applicant', async () => {
    const first = await apply();
    const second = await apply(w.cookies.noRole);
    await t.db
      .update(chapterHostApplications)
      .set({ isArchived: true })
      .where(eq(chapterHostApplications.id, first.id));
    const res = await send(t, { method: 'GET', url: URL }, w.cookies.admin);
    expect(res.statusCode).toBe(200);
    const list = hostApplicationListSchema.parse(res.json());
    const ids = list.map((a) => a.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(list.find((a) => a.id === first.id)).toMatchObject({
      isArchived: true,
      user: { id: applicant.id, name: 'Apple Applicant', email: applicant.email },
    });
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, w, { method: 'GET', url: URL });
  });
});

describe('GET /api/chapter_host_application/user/{userId}', () => {
  it("answers that user's applications only", async () => {
    const someone = await signedInUser(t, { name: 'Solo Applicant' });
    const mine = await apply(someone.cookie);
    await apply();
    const res = await send(t, { method: 'GET', url: `${URL}/user/${someone.id}` }, w.cookies.admin);
    expect(res.statusCode).toBe(200);
    expect(hostApplicationListSchema.parse(res.json()).map((a) => a.id)).toEqual([mine.id]);
  });

  it('answers 404 for a user that does not exist, 400 naming params.userId for a bad id', async () => {
    const get = (id: string) =>
      send(t, { method: 'GET', url: `${URL}/user/${id}` }, w.cookies.admin);
    expect((await get('999999')).statusCode).toBe(404);
    const bad = await get('x');
    expect(bad.statusCode).toBe(400);
    expect(fieldNames(bad)).toEqual(['params.userId']);
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, w, { method: 'GET', url: `${URL}/user/${applicant.id}` });
  });
});

describe('POST /api/chapter_host_application from an admin, with the slug', () => {
  it('saves each yes/no toggle and the archive flag at once, and nothing the applicant wrote', async () => {
    let application = await apply();
    for (const change of [
      { didHavePhoneCall: true },
      { didSignAgreement: true },
      { didGiveAdditionalInfo: true },
      { isArchived: true },
      { didHavePhoneCall: false },
    ]) {
      const res = await save(application, { ...change, city: 'Elsewhere', reason: 'Changed' });
      expect(res.statusCode, JSON.stringify(change)).toBe(200);
      const saved = hostApplicationSchema.parse(res.json());
      expect(saved).toMatchObject({ ...change, city: 'Dayton', reason: 'Jokes and politics.' });
      application = saved;
    }
    const [row] = await t.db
      .select()
      .from(chapterHostApplications)
      .where(eq(chapterHostApplications.id, application.id));
    expect(row).toMatchObject({
      didHavePhoneCall: false,
      didSignAgreement: true,
      didGiveAdditionalInfo: true,
      isArchived: true,
      status: 'open',
      userId: applicant.id,
    });
  });

  it('moves status open -> approved_without_creation / denied -> open, and archives in any status', async () => {
    const application = await apply();
    for (const status of ['approved_without_creation', 'open', 'denied', 'open'] as const) {
      const res = await save(application, { status });
      expect(res.statusCode, status).toBe(200);
      expect(res.json().status).toBe(status);
    }
    await save(application, { status: 'denied' });
    const archived = await save(application, { status: 'denied', isArchived: true });
    expect(archived.json()).toMatchObject({ status: 'denied', isArchived: true });
  });

  it('answers 409 naming body.status for a move the screen does not offer', async () => {
    const application = await apply();
    const approve = await save(application, { status: 'approved' });
    expect(approve.statusCode).toBe(409);
    expect(fieldNames(approve)).toEqual(['body.status']);
    await save(application, { status: 'denied' });
    const sideways = await save(application, { status: 'approved_without_creation' });
    expect(sideways.statusCode).toBe(409);
    expect(fieldNames(sideways)).toEqual(['body.status']);
    const [row] = await t.db
      .select()
      .from(chapterHostApplications)
      .where(eq(chapterHostApplications.id, application.id));
    expect(row!.status).toBe('denied');
  });

  it('lets an application approved with a chapter, then reopened, be approved again', async () => {
    const application = await apply();
    const chapter = await insertChapter(t, { slug: `from-app-${application.id}` });
    await t.db
      .update(chapterHostApplications)
      .set({ status: 'approved', chapterId: chapter.id })
      .where(eq(chapterHostApplications.id, application.id));
    expect((await save(application, { status: 'open' })).statusCode).toBe(200);
    const again = await save(application, { status: 'approved' });
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('approved');
  });

  it('answers 404 for a slug that is no application', async () => {
    const res = await post({ ...form, slug: 'no-such-application', status: 'denied' });
    expect(res.statusCode).toBe(404);
  });

  it('answers 400 naming the field for a bad status or flag', async () => {
    const application = await apply();
    for (const [change, field] of [
      [{ status: 'maybe' }, 'body.status'],
      [{ isArchived: 'yes' }, 'body.isArchived'],
      [{ didSignAgreement: 1 }, 'body.didSignAgreement'],
      [{ slug: '' }, 'body.slug'],
    ] as const) {
      const res = await post({ ...application, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(fieldNames(res), field).toEqual([field]);
    }
  });
});

describe('POST /api/chapter_host_application from anyone else', () => {
  it('never changes an application: the applicant posting theirs back makes a new, open one', async () => {
    const application = await apply();
    for (const cookie of [applicant.cookie, w.cookies.host, w.cookies.fieldOrganizer]) {
      const res = await save(application, { status: 'approved', isArchived: true }, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'open', isArchived: false });
      expect(res.json().slug).not.toBe(application.slug);
    }
    const [row] = await t.db
      .select()
      .from(chapterHostApplications)
      .where(eq(chapterHostApplications.id, application.id));
    expect(row).toMatchObject({ status: 'open', isArchived: false });
  });

  it('answers 401 to a visitor', async () => {
    expect((await send(t, { method: 'POST', url: URL, payload: form })).statusCode).toBe(401);
  });
});
