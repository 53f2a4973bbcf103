import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { chapterLinks } from '../../db/schema';
import { chapterLinkSchema } from '../../../common/schemas/chapters';
import { createWorld, get } from '../chapters/testWorld';

let t: Awaited<ReturnType<typeof createTestApp>>;
let w: Awaited<ReturnType<typeof createWorld>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  const { active, hidden } = w.chapters;
  await t.db.insert(chapterLinks).values([
    { chapterId: active.id, title: 'Third', url: 'https://example.org/3', position: 2 },
    { chapterId: active.id, title: 'First', url: 'https://example.org/1', position: 0 },
    { chapterId: active.id, title: 'Second', url: 'https://example.org/2', position: 1 },
    { chapterId: hidden.id, title: 'Secret', url: 'https://example.org/s', position: 0 },
  ]);
});
afterAll(() => t.close());

describe('GET /api/chapter_link/chapter/:chapterId', () => {
  it("answers a chapter's links by position", async () => {
    const res = await get(t, `/api/chapter_link/chapter/${w.chapters.active.id}`);
    expect(res.statusCode).toBe(200);
    const links = chapterLinkSchema.array().parse(res.json());
    expect(links.map((l) => [l.title, l.url, l.position])).toEqual([
      ['First', 'https://example.org/1', 0],
      ['Second', 'https://example.org/2', 1],
      ['Third', 'https://example.org/3', 2],
    ]);
    expect((await get(t, `/api/chapter_link/chapter/${w.chapters.other.id}`)).json()).toEqual([]);
  });

  it('is a 404 for a missing chapter or one hidden from the caller', async () => {
    expect((await get(t, '/api/chapter_link/chapter/999999')).statusCode).toBe(404);
    for (const c of w.callers) {
      const res = await get(t, `/api/chapter_link/chapter/${w.chapters.hidden.id}`, c.cookie);
      expect(res.statusCode, c.kind).toBe(c.seesHidden ? 200 : 404);
      if (c.seesHidden) expect(res.json()[0].title).toBe('Secret');
      else expect(res.body).not.toContain('Secret');
    }
  });

  it('answers 400 naming the field for a non-numeric id', async () => {
    const res = await get(t, '/api/chapter_link/chapter/abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual(['params.chapterId']);
  });
});
