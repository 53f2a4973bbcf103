import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { signedInUser } from '../../test/users';
import { activityFeedItems, chapterHostApplications } from '../../db/schema';
import { slugify } from '../../core/slugify';

let t: Awaited<ReturnType<typeof createTestApp>>;
type Someone = Awaited<ReturnType<typeof signedInUser>>;
let alice: Someone;
let bob: Someone;
let admin: Someone;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  alice = await signedInUser(t, { name: 'Alice Applicant', email: 'alice@example.org' });
  bob = await signedInUser(t, { name: 'Bob Other' });
  admin = await signedInUser(t, { admin: true });
});
afterAll(() => t.close());

const apply = (body: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/chapter_host_application',
    headers: cookie ? { cookie } : {},
    payload: body as Record<string, unknown>,
  });
const get = (url: string, cookie?: string) =>
  t.app.inject({ url, headers: cookie ? { cookie } : {} });

const valid = { city: 'Columbus', state: 'OH', type: 'dining', reason: 'Friends want it.' };

describe('POST /api/chapter_host_application', () => {
  it('saves an open application of the signed-in user and answers it', async () => {
    const res = await apply(
      // The whole application, as the form posts it: the server sets slug, status and user.
      {
        ...valid,
        city: '  Columbus ',
        slug: 'mine',
        status: 'approved',
        isArchived: true,
        user: { id: bob.id, name: 'Bob', email: 'x' },
      },
      alice.cookie,
    );
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved).toEqual({
      id: expect.any(Number),
      slug: expect.stringMatching(/^columbus-oh-[0-9a-f]{12}$/),
      status: 'open',
      isArchived: false,
      user: { id: alice.id, name: 'Alice Applicant', email: 'alice@example.org' },
      city: 'Columbus',
      state: 'OH',
      type: 'dining',
      reason: 'Friends want it.',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      didHavePhoneCall: false,
      didSignAgreement: false,
      didGiveAdditionalInfo: false,
    });
    const [row] = await t.db
      .select()
      .from(chapterHostApplications)
      .where(eq(chapterHostApplications.id, saved.id));
    expect(row).toMatchObject({ userId: alice.id, status: 'open', slug: saved.slug });
  });

  it('records an admin-only activity feed item', async () => {
    const saved = (await apply({ ...valid, city: 'Akron' }, alice.cookie)).json();
    const items = await t.db
      .select()
      .from(activityFeedItems)
      .where(eq(activityFeedItems.objectId, saved.id));
    expect(items).toEqual([
      expect.objectContaining({
        type: 'chapter_host_application',
        title: 'New chapter host application: Akron, OH',
        note: 'Friends want it.',
        userId: alice.id,
        chapterId: null,
        adminOnly: true,
      }),
    ]);
  });

  it('defaults the type to drinking and accepts a lower-case state', async () => {
    const { type: _type, ...withoutType } = valid;
    const res = await apply({ ...withoutType, state: 'oh' }, alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'drinking', state: 'OH' });
  });

  it('takes each of the six chapter types, Screening and Living included (issue 25)', async () => {
    for (const type of ['drinking', 'screening', 'living', 'laughing', 'dining', 'reading']) {
      const res = await apply({ ...valid, type }, alice.cookie);
      expect(res.statusCode, type).toBe(200);
      const [row] = await t.db
        .select()
        .from(chapterHostApplications)
        .where(eq(chapterHostApplications.id, res.json().id));
      expect(row?.type, type).toBe(type);
    }
  });

  it('gives two applications for the same place different slugs', async () => {
    const a = (await apply(valid, bob.cookie)).json();
    const b = (await apply(valid, bob.cookie)).json();
    expect(a.slug).not.toBe(b.slug);
  });

  it('refuses empty or missing fields, naming them', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, city: '' }, 'body.city'],
      [{ ...valid, city: '   ' }, 'body.city'],
      [{ ...valid, reason: ' ' }, 'body.reason'],
      [{ ...valid, state: '' }, 'body.state'],
      [{ ...valid, state: 'XX' }, 'body.state'],
      [{ ...valid, type: 'knitting' }, 'body.type'],
      [{ ...valid, type: '' }, 'body.type'],
      [{ state: 'OH', reason: 'r' }, 'body.city'],
    ];
    for (const [body, field] of cases) {
      const res = await apply(body, alice.cookie);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields.map((f: { field: string }) => f.field)).toContain(field);
      expect(res.json().message).toContain(field);
    }
  });

  it('refuses a visitor with 401', async () => {
    const res = await apply(valid);
    expect(res.statusCode).toBe(401);
  });
});

describe('reading applications', () => {
  let carol: Someone;
  let carolsSlugs: string[];

  beforeAll(async () => {
    carol = await signedInUser(t, { name: 'Carol Three' });
    carolsSlugs = [];
    for (const city of ['First', 'Second', 'Third']) {
      carolsSlugs.push((await apply({ ...valid, city }, carol.cookie)).json().slug);
    }
  });

  it('lists only my applications, newest first', async () => {
    const res = await get('/api/chapter_host_application/my', carol.cookie);
    expect(res.statusCode).toBe(200);
    const mine = res.json();
    expect(mine.map((a: { city: string }) => a.city)).toEqual(['Third', 'Second', 'First']);
    expect(mine.every((a: { user: { id: number } }) => a.user.id === carol.id)).toBe(true);
  });

  it('lists nothing for someone who never applied', async () => {
    const someone = await signedInUser(t);
    expect((await get('/api/chapter_host_application/my', someone.cookie)).json()).toEqual([]);
  });

  it('answers my own application by slug', async () => {
    const res = await get(`/api/chapter_host_application/slug/${carolsSlugs[0]}`, carol.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: 'First', user: { name: 'Carol Three' } });
  });

  it("answers 404 for another user's application, as for one that does not exist", async () => {
    const res = await get(`/api/chapter_host_application/slug/${carolsSlugs[0]}`, bob.cookie);
    expect(res.statusCode).toBe(404);
    const none = await get('/api/chapter_host_application/slug/no-such-slug', bob.cookie);
    expect(none.statusCode).toBe(404);
    expect(res.json()).toEqual(none.json());
  });

  it("shows an admin anyone's application", async () => {
    const res = await get(`/api/chapter_host_application/slug/${carolsSlugs[1]}`, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: 'Second', user: { id: carol.id } });
  });

  it('refuses a visitor with 401', async () => {
    expect((await get('/api/chapter_host_application/my')).statusCode).toBe(401);
    const res = await get(`/api/chapter_host_application/slug/${carolsSlugs[0]}`);
    expect(res.statusCode).toBe(401);
  });
});

describe('slugify', () => {
  it('makes lower-case ASCII words joined by dashes', () => {
    expect(slugify('São Paulo INT')).toBe('sao-paulo-int');
    expect(slugify("  Coeur d'Alene, ID ")).toBe('coeur-d-alene-id');
    expect(slugify('!!!')).toBe('');
  });
});
