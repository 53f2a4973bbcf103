// @vitest-environment jsdom
// The Atom feeds (issue 36), read by an XML parser as a feed reader would: well-formed, in the
// Atom namespace, with the elements RFC 4287 requires of a feed and of each entry; a title with
// markup stays text; a hidden chapter's feed and a private blog post are nowhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, chapterBlogPosts, type ChapterRow } from '../../db/schema';
import { createTestApp } from '../../test/app';
import {
  createChapterAdminWorld,
  insertChapter,
  send,
  uniqueSlug,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';

const ATOM_NS = 'http://www.w3.org/2005/Atom';
const HOSTILE = '</title><script>alert(1)</script> & "friends"\u0001';

let t: TestApp;
let w: ChapterAdminWorld;
let hidden: ChapterRow;

/** The feed parsed as XML; throws on anything a strict parser refuses. */
function parseAtom(body: string): Document {
  const doc = new DOMParser().parseFromString(body, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
  return doc;
}

const child = (el: Element, name: string) =>
  [...el.children].filter((c) => c.namespaceURI === ATOM_NS && c.localName === name);

/** RFC 4287's musts: a feed has id, title, updated, an author (or each entry has one); entries alike. */
function expectValidAtom(doc: Document): Element[] {
  const feed = doc.documentElement;
  expect(feed.namespaceURI).toBe(ATOM_NS);
  expect(feed.localName).toBe('feed');
  for (const name of ['id', 'title', 'updated']) expect(child(feed, name), name).toHaveLength(1);
  expect(child(feed, 'link').some((l) => l.getAttribute('rel') === 'self')).toBe(true);
  const feedHasAuthor = child(feed, 'author').length > 0;
  const entries = child(feed, 'entry');
  for (const entry of entries) {
    for (const name of ['id', 'title', 'updated']) expect(child(entry, name), name).toHaveLength(1);
    expect(child(entry, 'link').length + child(entry, 'content').length).toBeGreaterThan(0);
    expect(feedHasAuthor || child(entry, 'author').length > 0).toBe(true);
    expect(Number.isNaN(Date.parse(child(entry, 'updated')[0]!.textContent ?? ''))).toBe(false);
  }
  return entries;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createChapterAdminWorld(t, { title: 'Greenpoint', state: 'NY' });
  hidden = await insertChapter(t, {
    title: 'Secret',
    state: 'NY',
    status: 0,
    emailAlias: uniqueSlug('s'),
  });
  await t.db.insert(chapterBlogPosts).values([
    {
      chapterId: w.chapter.id,
      userId: w.users.host.id,
      title: 'Trivia night',
      body: '<p>Bring <strong>friends</strong>.</p>',
      slug: uniqueSlug('trivia'),
      createdAt: new Date('2026-11-01T20:00:00Z'),
    },
    {
      chapterId: w.chapter.id,
      userId: null,
      title: HOSTILE,
      body: '<p>Hi</p>',
      slug: uniqueSlug('hostile'),
      createdAt: new Date('2026-11-20T20:00:00Z'),
    },
    {
      chapterId: hidden.id,
      userId: null,
      title: 'Hidden news',
      body: '<p>x</p>',
      slug: uniqueSlug('hidden'),
    },
  ]);
  await t.db.insert(blogPosts).values([
    {
      title: 'Network news',
      body: '<p>Six new chapters.</p>',
      slug: uniqueSlug('news'),
      isPublic: true,
    },
    { title: 'Draft, not public', body: '<p>x</p>', slug: uniqueSlug('draft'), isPublic: false },
  ]);
});
afterAll(() => t.close());

describe("a chapter's posts as Atom", () => {
  it('is a valid Atom feed of its posts, newest first, with the markup of a title kept as text', async () => {
    const res = await send(t, { method: 'GET', url: `/chapters/${w.chapter.slug}/posts.atom` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const doc = parseAtom(res.body);
    const entries = expectValidAtom(doc);
    expect(entries.map((e) => child(e, 'title')[0]!.textContent)).toEqual([
      '</title><script>alert(1)</script> & "friends"',
      'Trivia night',
    ]);
    expect(doc.getElementsByTagName('script')).toHaveLength(0);
    const trivia = entries[1]!;
    expect(child(trivia, 'content')[0]!.textContent).toBe('<p>Bring <strong>friends</strong>.</p>');
    expect(child(child(trivia, 'author')[0]!, 'name')[0]!.textContent).toBe(w.users.host.name);
    expect(child(trivia, 'link')[0]!.getAttribute('href')).toMatch(
      new RegExp(`/chapter/ny/${w.chapter.slug}#post-trivia`),
    );
  });

  it('is a 404 for a hidden chapter, to an admin too', async () => {
    const url = `/chapters/${hidden.slug}/posts.atom`;
    expect((await send(t, { method: 'GET', url })).statusCode).toBe(404);
    expect((await send(t, { method: 'GET', url }, w.cookies.admin)).statusCode).toBe(404);
    expect((await send(t, { method: 'GET', url: '/chapters/NO_SUCH/posts.atom' })).statusCode).toBe(
      400,
    );
  });
});

describe("the network's blog as Atom", () => {
  it('holds the public posts only', async () => {
    const res = await send(t, { method: 'GET', url: '/blog.atom' });
    expect(res.statusCode).toBe(200);
    const titles = expectValidAtom(parseAtom(res.body)).map(
      (e) => child(e, 'title')[0]!.textContent,
    );
    expect(titles).toContain('Network news');
    expect(titles).not.toContain('Draft, not public');
  });
});
