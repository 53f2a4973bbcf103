// POST /api/chapter/new (spec 2 §2 Add chapter, §4, §5, §7) and what admins see of chapters.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { chapterHostApplications, chapters, permissions } from '../../db/schema';
import { APPLICATION_DECIDED_MESSAGES } from '../../../common/schemas/applications';
import { chapterSchema, chapterSummarySchema } from '../../../common/schemas/chapters';
import {
  createChapterAdminWorld,
  fieldMessage,
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
beforeAll(async () => {
  // Visitors' answers are kept: an admin must still never be answered from them.
  t = await createTestApp({ env: { PUBLIC_CACHE_SECONDS: '60' } });
  w = await createChapterAdminWorld(t);
});
afterAll(() => t.close());

const create = (payload: object, cookie = w.cookies.admin) =>
  send(t, { method: 'POST', url: '/api/chapter/new', payload }, cookie);
const form = {
  title: 'Drinking Liberally Toledo',
  city: 'Toledo',
  state: 'oh',
  postalCode: '43604',
  country: 'US',
  about: '<p>We&nbsp;meet\u00a0weekly<script>alert(1)</script></p>',
};

async function application(status = 'open', type = 'dining') {
  const applicant = await signedInUser(t, { name: 'Future Host' });
  const res = await send(
    t,
    {
      method: 'POST',
      url: '/api/chapter_host_application',
      payload: { city: 'Toledo', state: 'OH', type, reason: 'Why not' },
    },
    applicant.cookie,
  );
  const slug = res.json().slug as string;
  if (status !== 'open') {
    await t.db
      .update(chapterHostApplications)
      .set({ status })
      .where(eq(chapterHostApplications.slug, slug));
  }
  return { applicant, slug };
}

describe('POST /api/chapter/new', () => {
  it('creates a hidden chapter with a slug from its title and answers it', async () => {
    const res = await create(form);
    expect(res.statusCode).toBe(200);
    const chapter = chapterSchema.parse(res.json());
    expect(chapter).toMatchObject({
      title: 'Drinking Liberally Toledo',
      slug: 'drinking-liberally-toledo',
      city: 'Toledo',
      state: 'OH',
      postalCode: '43604',
      country: 'US',
      status: 0,
      chapterTypeId: 1,
      about: '<p>We meet weekly</p>',
      permissions: [],
    });
    // It has an address from the start, so enabling it needs no made-up alias first.
    expect(chapter.emailAlias).toBe('drinking-liberally-toledo');
    expect(chapter.email).toBe('drinking-liberally-toledo@drinkingliberally.org');
    // The same title again gets the next free slug, and its own address.
    const again = chapterSchema.parse((await create(form)).json());
    expect(again.slug).toBe('drinking-liberally-toledo-2');
    expect(again.emailAlias).toBe('drinking-liberally-toledo-2');
    // Enabling it in Chapter Settings as it is answered works at once.
    const enabled = await send(
      t,
      { method: 'POST', url: '/api/chapter', payload: { ...again, status: 1 } },
      w.cookies.admin,
    );
    expect(enabled.statusCode).toBe(200);
    // Hidden: a visitor does not see it.
    const asVisitor = await send(t, { method: 'GET', url: `/api/chapter/id/${chapter.id}` });
    expect(asVisitor.statusCode).toBe(404);
  });

  it('takes any of the six types from the radio, and no other', async () => {
    const chapter = chapterSchema.parse((await create({ ...form, chapterTypeId: 6 })).json());
    expect(chapter.chapterTypeId).toBe(6);
    for (const id of [2, 3]) {
      const other = await create({ ...form, title: `Type ${id}`, chapterTypeId: id });
      expect(other.statusCode, String(id)).toBe(200);
      expect(chapterSchema.parse(other.json()).chapterTypeId).toBe(id);
    }
    const bad = await create({ ...form, chapterTypeId: 7 });
    expect(bad.statusCode).toBe(400);
    expect(fieldNames(bad)).toEqual(['body.chapterTypeId']);
  });

  it("with an open application: approves it, links it and makes the applicant the chapter's host", async () => {
    const { applicant, slug } = await application('open', 'dining');
    const res = await create({ ...form, chapterHostApplicationSlug: slug });
    expect(res.statusCode).toBe(200);
    const chapter = chapterSchema.parse(res.json());
    expect(chapter.chapterTypeId).toBe(5);
    expect(chapter.permissions).toEqual([
      expect.objectContaining({ roleId: 3, user: expect.objectContaining({ id: applicant.id }) }),
    ]);
    const [row] = await t.db
      .select()
      .from(chapterHostApplications)
      .where(eq(chapterHostApplications.slug, slug));
    expect(row).toMatchObject({ status: 'approved', chapterId: chapter.id });
    // The new host sees their hidden chapter.
    const asHost = await send(
      t,
      { method: 'GET', url: `/api/chapter/id/${chapter.id}` },
      applicant.cookie,
    );
    expect(asHost.statusCode).toBe(200);
  });

  it('refuses (409, the spec alert) an application already decided, and creates nothing', async () => {
    const before = await t.db.select({ id: chapters.id }).from(chapters);
    for (const status of ['approved', 'approved_without_creation', 'denied'] as const) {
      const { slug } = await application(status);
      const res = await create({ ...form, chapterHostApplicationSlug: slug });
      expect(res.statusCode, status).toBe(409);
      expect(res.json().message, status).toBe(APPLICATION_DECIDED_MESSAGES[status]);
      expect(fieldNames(res)).toEqual(['body.chapterHostApplicationSlug']);
    }
    expect(APPLICATION_DECIDED_MESSAGES.approved).toContain('already been approved and added');
    expect(APPLICATION_DECIDED_MESSAGES.approved_without_creation).toContain(
      'approved, although no chapter has been created; eligible to be added to an existing chapter',
    );
    expect(APPLICATION_DECIDED_MESSAGES.denied).toContain('already been denied');
    expect(await t.db.select({ id: chapters.id }).from(chapters)).toHaveLength(before.length);
  });

  it('makes one chapter when the same application is sent twice', async () => {
    const { slug } = await application();
    const [a, b] = await Promise.all([
      create({ ...form, chapterHostApplicationSlug: slug }),
      create({ ...form, chapterHostApplicationSlug: slug }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it('answers 404 naming the field for an application that does not exist', async () => {
    const res = await create({ ...form, chapterHostApplicationSlug: 'nope' });
    expect(res.statusCode).toBe(404);
    expect(fieldNames(res)).toEqual(['body.chapterHostApplicationSlug']);
  });

  it('leaves no half-made chapter when a step fails: the host role insert fails, nothing stays', async () => {
    const { applicant, slug } = await application();
    const before = await t.db.select({ id: chapters.id }).from(chapters);
    // Make the database refuse this applicant's host role, the transaction's last step.
    await t.db.execute(
      sql.raw(`create or replace function refuse_host() returns trigger language plpgsql as $$
        begin
          if new.user_id = ${applicant.id} then raise exception 'refused by test'; end if;
          return new;
        end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger refuse_host before insert on permissions
        for each row execute function refuse_host()`),
    );
    try {
      const res = await create({ ...form, title: 'Half Made', chapterHostApplicationSlug: slug });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_host on permissions'));
    }
    expect(await t.db.select({ id: chapters.id }).from(chapters)).toHaveLength(before.length);
    expect(await t.db.select().from(chapters).where(eq(chapters.title, 'Half Made'))).toEqual([]);
    const [row] = await t.db
      .select()
      .from(chapterHostApplications)
      .where(eq(chapterHostApplications.slug, slug));
    expect(row).toMatchObject({ status: 'open', chapterId: null });
    expect(
      await t.db
        .select()
        .from(permissions)
        .where(and(eq(permissions.userId, applicant.id))),
    ).toEqual([]);
    // And with the obstacle gone the same request succeeds.
    expect((await create({ ...form, chapterHostApplicationSlug: slug })).statusCode).toBe(200);
  });

  it('names a chapter made from an application by the network’s pattern, type and city (issue 35)', async () => {
    const { slug } = await application('open', 'reading');
    // The form's title starts as the bare city: the slug does not.
    const res = await create({
      ...form,
      title: 'Toledo',
      city: 'Toledo',
      chapterHostApplicationSlug: slug,
    });
    expect(res.statusCode).toBe(200);
    const chapter = chapterSchema.parse(res.json());
    expect(chapter.slug).toBe('reading-liberally-toledo');
    expect(chapter.title).toBe('Toledo');
    // A second of that type in that city steps on, as any slug does.
    const second = await application('open', 'reading');
    const again = chapterSchema.parse(
      (
        await create({
          ...form,
          title: 'Toledo',
          city: 'Toledo',
          chapterHostApplicationSlug: second.slug,
        })
      ).json(),
    );
    expect(again.slug).toBe('reading-liberally-toledo-2');
    // The type chosen on the form, when the admin changes it, names the slug.
    const third = await application('open', 'reading');
    const laughing = chapterSchema.parse(
      (
        await create({
          ...form,
          title: 'São Paulo',
          city: 'São Paulo',
          chapterTypeId: 4,
          chapterHostApplicationSlug: third.slug,
        })
      ).json(),
    );
    expect(laughing.slug).toBe('laughing-liberally-sao-paulo');
  });

  it("answers 400 with the spec's messages naming each missing field", async () => {
    const res = await create({ state: 'OH' });
    expect(res.statusCode).toBe(400);
    expect(fieldNames(res).sort()).toEqual([
      'body.city',
      'body.country',
      'body.postalCode',
      'body.title',
    ]);
    const blank = await create({ ...form, title: '  ', city: '', postalCode: ' ', country: '' });
    expect(fieldMessage(blank, 'body.title')).toBe('Title is Required');
    expect(fieldMessage(blank, 'body.city')).toBe('City is Required');
    expect(fieldMessage(blank, 'body.postalCode')).toBe('Postal Code is Required');
    expect(fieldMessage(blank, 'body.country')).toBe('Country is Required');
    const badState = await create({ ...form, state: 'XX' });
    expect(fieldNames(badState)).toEqual(['body.state']);
  });

  it('is for admins only', async () => {
    await expectAdminOnly(t, w, { method: 'POST', url: '/api/chapter/new', payload: form });
  });
});

describe('GET /api/chapters and state lists for admins', () => {
  it('include hidden chapters for admins, never from a visitor answer kept for others', async () => {
    const hidden = await insertChapter(t, { status: 0, state: 'VT', city: 'Burlington' });
    const slugs = (body: unknown) =>
      chapterSummarySchema
        .array()
        .parse(body)
        .map((c) => c.slug);
    // Visitors first, so their answers are kept (PUBLIC_CACHE_SECONDS=60 in this app).
    for (const url of ['/api/chapters', '/api/chapters/state/vt']) {
      expect(slugs((await send(t, { method: 'GET', url })).json())).not.toContain(hidden.slug);
      const asAdmin = await send(t, { method: 'GET', url }, w.cookies.admin);
      expect(slugs(asAdmin.json()), url).toContain(hidden.slug);
      expect(slugs((await send(t, { method: 'GET', url })).json())).not.toContain(hidden.slug);
    }
  });
});
