// Network content for admins (spec 2 §2 /admin/blog, pages, wiki and editors, §5, §7): the lists
// (private ones for admins only) and POST to create or edit, with slugs, sanitizing and the
// wiki's non-editable pages.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { blogPosts, pages, wikiPages } from '../../db/schema';
import {
  blogPostListItemSchema,
  blogPostSchema,
  pageListItemSchema,
  pageSchema,
  WIKI_NOT_EDITABLE_MESSAGE,
  wikiPageListItemSchema,
  wikiPageSchema,
} from '../../../common/schemas/content';
import {
  createChapterAdminWorld,
  fieldMessage,
  fieldNames,
  send,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';
import { expectAdminOnly } from '../../test/adminOnly';

let t: TestApp;
let w: ChapterAdminWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await createChapterAdminWorld(t);
});
afterAll(() => t.close());

const KINDS = ['blog_post', 'page', 'wiki_page'] as const;
type Kind = (typeof KINDS)[number];
const post = (kind: Kind, payload: object, cookie = w.cookies.admin) =>
  send(t, { method: 'POST', url: `/api/${kind}`, payload }, cookie);
const list = (kind: Kind, cookie?: string) =>
  send(t, { method: 'GET', url: `/api/${kind}` }, cookie);

let n = 0;
const uniq = (prefix: string) => `${prefix}_${(n += 1)}_${Date.now() % 100000}`;

describe('GET /api/blog_post, /api/page, /api/wiki_page', () => {
  it('answer private ones to admins only, without bodies', async () => {
    const open = uniq('open');
    const secret = uniq('secret');
    for (const kind of KINDS) {
      await post(kind, { title: `Open ${kind}`, slug: open, body: '<p>x</p>' });
      await post(kind, { title: `Secret ${kind}`, slug: secret, isPublic: false });
      const slugs = async (cookie?: string) =>
        ((await list(kind, cookie)).json() as { slug: string; body?: string }[]).map((i) => {
          expect(i.body).toBeUndefined();
          return i.slug;
        });
      const asAdmin = await slugs(w.cookies.admin);
      expect(asAdmin, kind).toEqual(expect.arrayContaining([open, secret]));
      for (const cookie of [
        undefined,
        w.cookies.noRole,
        w.cookies.host,
        w.cookies.fieldOrganizer,
      ]) {
        const seen = await slugs(cookie);
        expect(seen, kind).toContain(open);
        expect(seen, kind).not.toContain(secret);
      }
    }
  });

  it('order blog posts newest first, pages and wiki pages by title', async () => {
    const blog = blogPostListItemSchema
      .array()
      .parse((await list('blog_post', w.cookies.admin)).json());
    const times = blog.map((p) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(blog[0]!.user).toEqual({ name: 'Ada Admin' });
    for (const [kind, schema] of [
      ['page', pageListItemSchema],
      ['wiki_page', wikiPageListItemSchema],
    ] as const) {
      const titles = schema
        .array()
        .parse((await list(kind, w.cookies.admin)).json())
        .map((p) => p.title);
      expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    }
  });
});

describe('POST /api/blog_post, /api/page, /api/wiki_page', () => {
  it('create with defaults: public, wiki pages editable, the admin as blog author', async () => {
    const blog = blogPostSchema.parse((await post('blog_post', { title: 'Hello World!' })).json());
    expect(blog).toMatchObject({ isPublic: true, body: '', user: { name: 'Ada Admin' } });
    expect(blog.slug).toMatch(/^hello_world(_\d+)?$|^hello_world$/);
    const page = pageSchema.parse(
      (await post('page', { title: 'About Us', slug: uniq('about') })).json(),
    );
    expect(page.isPublic).toBe(true);
    const wiki = wikiPageSchema.parse(
      (await post('wiki_page', { title: 'How To', slug: uniq('how') })).json(),
    );
    expect(wiki).toMatchObject({ isPublic: true, isEditable: true });
  });

  it('sanitize bodies and turn non-breaking spaces into spaces', async () => {
    for (const kind of KINDS) {
      const res = await post(kind, {
        title: 'Dirty',
        slug: uniq('dirty'),
        body: '<p onclick="x()">a&nbsp;b\u00a0c<script>alert(1)</script><img src=x onerror=alert(1)></p>',
      });
      expect(res.statusCode, kind).toBe(200);
      const body = res.json().body as string;
      expect(body, kind).not.toMatch(/script|onclick|onerror|&nbsp;|\u00a0/);
      expect(body, kind).toContain('a b c');
    }
    const [stored] = await t.db.select().from(wikiPages).where(eq(wikiPages.title, 'Dirty'));
    expect(stored!.body).not.toMatch(/script|&nbsp;/);
  });

  it('edit by id: what is left out keeps its value', async () => {
    for (const kind of KINDS) {
      const created = (
        await post(kind, {
          title: 'Before',
          slug: uniq('edit'),
          body: '<p>Body</p>',
          isPublic: false,
        })
      ).json();
      const res = await post(kind, { id: created.id, title: 'After' });
      expect(res.statusCode, kind).toBe(200);
      expect(res.json(), kind).toMatchObject({
        id: created.id,
        title: 'After',
        slug: created.slug,
        body: '<p>Body</p>',
        isPublic: false,
      });
      const full = await post(kind, { ...res.json(), body: '<p>New</p>', isPublic: true });
      expect(full.json(), kind).toMatchObject({ body: '<p>New</p>', isPublic: true });
    }
  });

  it('answers 404 for an id that is none of that kind', async () => {
    for (const kind of KINDS) {
      expect((await post(kind, { id: 999_999, title: 'Ghost' })).statusCode, kind).toBe(404);
    }
  });

  it('answers 409 naming body.slug for a slug another of the same kind uses; other kinds may share it', async () => {
    const slug = uniq('shared');
    for (const kind of KINDS) {
      expect((await post(kind, { title: 'First', slug })).statusCode, kind).toBe(200);
      const taken = await post(kind, { title: 'Second', slug });
      expect(taken.statusCode, kind).toBe(409);
      expect(fieldNames(taken), kind).toEqual(['body.slug']);
    }
    // Renaming a blog post or wiki page onto a taken slug is a 409 too.
    const other = (await post('wiki_page', { title: 'Other', slug: uniq('other') })).json();
    const rename = await post('wiki_page', { id: other.id, title: 'Other', slug });
    expect(rename.statusCode).toBe(409);
  });

  it('answers 400 naming the field for a missing title or a slug that is not lowercase letters, digits and underscores', async () => {
    for (const kind of KINDS) {
      const noTitle = await post(kind, { slug: uniq('x') });
      expect(fieldNames(noTitle), kind).toEqual(['body.title']);
      expect(fieldMessage(await post(kind, { title: '  ' }), 'body.title')).toBe(
        'Title is Required',
      );
      for (const slug of ['Upper', 'with-dash', 'with space', 'dots.no', 'é', '']) {
        const res = await post(kind, { title: 'T', slug });
        expect(res.statusCode, `${kind} ${slug}`).toBe(400);
        expect(new Set(fieldNames(res)), `${kind} ${slug}`).toEqual(new Set(['body.slug']));
      }
      for (const [body, field] of [
        [{ title: 'T', isPublic: 'yes' }, 'body.isPublic'],
        [{ title: 'T', id: 'one' }, 'body.id'],
        [{ title: 'T', id: 2 ** 31 }, 'body.id'],
        [{ title: 'T', body: 5 }, 'body.body'],
      ] as const) {
        const res = await post(kind, body);
        expect(res.statusCode, `${kind} ${field}`).toBe(400);
        expect(fieldNames(res), `${kind} ${field}`).toEqual([field]);
      }
    }
  });

  it("keeps a page's slug once it is made", async () => {
    const page = (await post('page', { title: 'Fixed', slug: uniq('fixed') })).json();
    const res = await post('page', { id: page.id, title: 'Fixed', slug: uniq('moved') });
    expect(res.statusCode).toBe(400);
    expect(fieldNames(res)).toEqual(['body.slug']);
    const [row] = await t.db.select().from(pages).where(eq(pages.id, page.id));
    expect(row!.slug).toBe(page.slug);
    // Sent unchanged, it is no change.
    expect((await post('page', { ...page, title: 'Fixed again' })).statusCode).toBe(200);
  });

  it("keeps a non-editable wiki page's body through the API, not only on screen", async () => {
    const [locked] = await t.db
      .insert(wikiPages)
      .values({
        title: 'Locked',
        slug: uniq('locked'),
        body: '<p>Careful&nbsp;layout</p>',
        isEditable: false,
      })
      .returning();
    const got = wikiPageSchema.parse(
      (
        await send(
          t,
          { method: 'GET', url: `/api/wiki_page/slug/${locked!.slug}` },
          w.cookies.admin,
        )
      ).json(),
    );
    const changed = await post('wiki_page', { ...got, body: '<p>Ruined</p>' });
    expect(changed.statusCode).toBe(403);
    expect(fieldNames(changed)).toEqual(['body.body']);
    expect(changed.json().message).toBe(WIKI_NOT_EDITABLE_MESSAGE);
    const [row] = await t.db.select().from(wikiPages).where(eq(wikiPages.id, locked!.id));
    expect(row!.body).toBe('<p>Careful&nbsp;layout</p>');
    // The page as GET answered it, or without a body, saves its other fields.
    const same = await post('wiki_page', { ...got, title: 'Locked, renamed' });
    expect(same.statusCode).toBe(200);
    const noBody = await post('wiki_page', { id: locked!.id, title: 'Locked', isPublic: false });
    expect(noBody.json()).toMatchObject({ isPublic: false, isEditable: false });
    // ...and editable cannot be switched on to get round it.
    const unlock = await post('wiki_page', { id: locked!.id, title: 'Locked', isEditable: true });
    expect(unlock.statusCode).toBe(400);
    expect(fieldNames(unlock)).toEqual(['body.isEditable']);
  });

  it('are for admins only', async () => {
    for (const kind of KINDS) {
      await expectAdminOnly(t, w, { method: 'POST', url: `/api/${kind}`, payload: { title: 'x' } });
    }
    const [anyPost] = await t.db.select().from(blogPosts).limit(1);
    expect(anyPost).toBeDefined();
  });
});
