// POST /api/chapter_link/chapter/{chapterId} (spec 2 §2 Links, §5, §7): Save All replaces the
// list in its order; rows with a blank title or URL are dropped; only web and mail links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { chapterLinkSchema } from '../../../common/schemas/chapters';
import {
  createChapterAdminWorld,
  fieldNames,
  grantRole,
  insertChapter,
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

const url = (chapterId: number | string) => `/api/chapter_link/chapter/${chapterId}`;
const saveLinks = (chapterId: number | string, payload: object, cookie?: string) =>
  send(t, { method: 'POST', url: url(chapterId), payload }, cookie);
async function readLinks(chapterId: number, cookie?: string) {
  const res = await send(t, { method: 'GET', url: url(chapterId) }, cookie);
  expect(res.statusCode).toBe(200);
  return chapterLinkSchema
    .array()
    .parse(res.json())
    .map((l) => [l.title, l.url, l.position]);
}

async function freshChapter(status = 1) {
  const chapter = await insertChapter(t, { status });
  await grantRole(t, w.users.host.id, 3, chapter.id);
  await grantRole(t, w.users.fieldOrganizer.id, 2, chapter.id);
  return chapter;
}

describe('POST /api/chapter_link/chapter/:chapterId', () => {
  it('saves the list in its order, drops blank rows, and answers the saved links', async () => {
    const chapter = await freshChapter();
    expect(await readLinks(chapter.id)).toEqual([]);
    const res = await saveLinks(
      chapter.id,
      {
        links: [
          { title: 'Meetup', url: 'https://www.meetup.com/greenpoint' },
          { title: 'No address', url: '' },
          { title: '', url: 'https://example.org/untitled' },
          { title: '   ', url: '   ' },
          { title: '  Facebook ', url: ' https://facebook.com/greenpoint ' },
          { title: 'Write to us', url: 'mailto:greenpoint@example.org' },
          {},
        ],
      },
      w.cookies.host,
    );
    expect(res.statusCode).toBe(200);
    const saved = chapterLinkSchema.array().parse(res.json());
    const expected = [
      ['Meetup', 'https://www.meetup.com/greenpoint', 0],
      ['Facebook', 'https://facebook.com/greenpoint', 1],
      ['Write to us', 'mailto:greenpoint@example.org', 2],
    ];
    expect(saved.map((l) => [l.title, l.url, l.position])).toEqual(expected);
    expect(saved.every((l) => l.chapterId === chapter.id)).toBe(true);
    expect(await readLinks(chapter.id)).toEqual(expected);
  });

  it('replaces the whole list: reordered, shortened, and emptied', async () => {
    const chapter = await freshChapter();
    const a = { title: 'A', url: 'https://a.example.org/' };
    const b = { title: 'B', url: 'https://b.example.org/' };
    const c = { title: 'C', url: 'http://c.example.org/' };
    await saveLinks(chapter.id, { links: [a, b, c] }, w.cookies.host);
    await saveLinks(chapter.id, { links: [c, { ...a, url: '' }, b] }, w.cookies.fieldOrganizer);
    expect(await readLinks(chapter.id)).toEqual([
      ['C', c.url, 0],
      ['B', b.url, 1],
    ]);
    const emptied = await saveLinks(chapter.id, { links: [] }, w.cookies.admin);
    expect(emptied.statusCode).toBe(200);
    expect(emptied.json()).toEqual([]);
    expect(await readLinks(chapter.id)).toEqual([]);
  });

  it("leaves other chapters' links alone", async () => {
    const chapter = await freshChapter();
    const neighbour = await freshChapter();
    await saveLinks(
      neighbour.id,
      { links: [{ title: 'Keep', url: 'https://keep.example.org/' }] },
      w.cookies.host,
    );
    await saveLinks(chapter.id, { links: [] }, w.cookies.host);
    expect(await readLinks(neighbour.id)).toEqual([['Keep', 'https://keep.example.org/', 0]]);
  });

  it('accepts and drops a row with a blank title whatever its URL holds (spec 2 §5)', async () => {
    const chapter = await freshChapter();
    const res = await saveLinks(
      chapter.id,
      {
        links: [
          { title: '', url: 'www.example.org' },
          { title: '  ', url: 'javascript:alert(1)' },
          { title: 'Kept', url: 'https://kept.example.org/' },
          { title: 'No URL', url: '' },
        ],
      },
      w.cookies.host,
    );
    expect(res.statusCode).toBe(200);
    expect(await readLinks(chapter.id)).toEqual([['Kept', 'https://kept.example.org/', 0]]);
  });

  it('refuses a javascript:, data: or otherwise unsafe URL with 400 naming the row, and keeps the old list', async () => {
    const chapter = await freshChapter();
    const good = { title: 'Good', url: 'https://good.example.org/' };
    await saveLinks(chapter.id, { links: [good] }, w.cookies.host);
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example.com/',
      'www.example.org',
      'http://',
      'ftp://files.example.org/',
    ]) {
      const res = await saveLinks(
        chapter.id,
        { links: [good, { title: 'Bad', url: bad }] },
        w.cookies.host,
      );
      expect(res.statusCode, bad).toBe(400);
      expect(fieldNames(res), bad).toEqual(['body.links.1.url']);
    }
    expect(await readLinks(chapter.id)).toEqual([['Good', good.url, 0]]);
  });

  it('lets the hosts of a hidden chapter save its links, which visitors cannot read', async () => {
    const hidden = await freshChapter(0);
    const res = await saveLinks(
      hidden.id,
      { links: [{ title: 'Secret', url: 'https://secret.example.org/' }] },
      w.cookies.host,
    );
    expect(res.statusCode).toBe(200);
    expect(await readLinks(hidden.id, w.cookies.host)).toHaveLength(1);
    expect((await send(t, { method: 'GET', url: url(hidden.id) })).statusCode).toBe(404);
  });

  it('answers 401 to a visitor, 403 to others, and 404 for no such chapter', async () => {
    const chapter = await freshChapter();
    const links = [{ title: 'X', url: 'https://x.example.org/' }];
    expect((await saveLinks(chapter.id, { links })).statusCode).toBe(401);
    expect((await saveLinks(chapter.id, { links }, w.cookies.noRole)).statusCode).toBe(403);
    expect((await saveLinks(chapter.id, { links }, w.cookies.otherHost)).statusCode).toBe(403);
    expect(await readLinks(chapter.id)).toEqual([]);
    expect((await saveLinks(999_999, { links }, w.cookies.admin)).statusCode).toBe(404);
  });

  it('answers 400 naming the field for text holding a NUL character, never 500', async () => {
    const chapter = await freshChapter();
    const res = await saveLinks(
      chapter.id,
      { links: [{ title: WITH_NUL, url: 'https://x.example.org/' }] },
      w.cookies.host,
    );
    expect(res.statusCode).toBe(400);
    expect(fieldNames(res)).toEqual(['body.links.0.title']);
  });

  it('answers 400 naming the field for a bad id or body, never 500', async () => {
    const chapter = await freshChapter();
    for (const id of ['abc', '0', '-2', '1.5']) {
      const res = await saveLinks(id, { links: [] }, w.cookies.admin);
      expect(res.statusCode, id).toBe(400);
      expect(fieldNames(res), id).toEqual(['params.chapterId']);
    }
    const cases: [object, string][] = [
      [{}, 'body.links'],
      [{ links: 'https://x.example.org' }, 'body.links'],
      [{ links: [{ title: 5, url: 'https://x.example.org' }] }, 'body.links.0.title'],
      [{ links: [{ title: 'X', url: ['https://x.example.org'] }] }, 'body.links.0.url'],
      [{ links: ['https://x.example.org'] }, 'body.links.0'],
      [{ links: [{ title: 'x'.repeat(201), url: 'https://x.example.org' }] }, 'body.links.0.title'],
      [
        {
          links: Array.from({ length: 101 }, () => ({ title: 'X', url: 'https://x.example.org' })),
        },
        'body.links',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await saveLinks(chapter.id, body, w.cookies.admin);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(fieldNames(res), JSON.stringify(body).slice(0, 80)).toEqual([field]);
    }
    const malformed = await send(
      t,
      { method: 'POST', url: url(chapter.id), raw: rawJson('{"links": [') },
      w.cookies.admin,
    );
    expect(malformed.statusCode).toBe(400);
  });
});
