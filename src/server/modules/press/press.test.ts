import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { pressMentions } from '../../db/schema';
import { pressMentionSchema } from '../../../common/schemas/chapters';
import { createWorld, get } from '../chapters/testWorld';

let t: Awaited<ReturnType<typeof createTestApp>>;
let w: Awaited<ReturnType<typeof createWorld>>;
const DAY = 24 * 60 * 60 * 1000;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  const { active, hidden, other, paused } = w.chapters;
  const now = Date.now();
  const mention = (title: string, chapterId: number | null, daysAgo: number, isVisible = true) => ({
    title,
    url: `https://news.example.com/${title.replaceAll(' ', '-')}`,
    notes: `Notes on ${title}`,
    slug: title.toLowerCase().replaceAll(' ', '-'),
    chapterId,
    isVisible,
    createdAt: new Date(now - daysAgo * DAY),
  });
  await t.db
    .insert(pressMentions)
    .values([
      mention('Network wide', null, 1),
      mention('Greenpoint story', active.id, 2),
      mention('Oakland story', other.id, 3),
      mention('Astoria story', hidden.id, 4),
      mention('Buffalo story', paused.id, 5),
      mention('Pulled story', active.id, 0, false),
      mention('Old Greenpoint', active.id, 30),
    ]);
});
afterAll(() => t.close());

const titlesOf = (body: unknown) =>
  pressMentionSchema
    .array()
    .parse(body)
    .map((m) => m.title);

describe('public press mention calls', () => {
  it('answer visible mentions, newest first, with their chapter', async () => {
    const res = await get(t, '/api/press_mention/public');
    expect(res.statusCode).toBe(200);
    expect(titlesOf(res.json())).toEqual([
      'Network wide',
      'Greenpoint story',
      'Oakland story',
      'Old Greenpoint',
    ]);
    const [network, greenpoint] = pressMentionSchema.array().parse(res.json());
    expect(network).toMatchObject({ chapter: null, chapterId: null, isVisible: true });
    expect(greenpoint).toMatchObject({
      title: 'Greenpoint story',
      url: 'https://news.example.com/Greenpoint-story',
      notes: 'Notes on Greenpoint story',
      slug: 'greenpoint-story',
      isVisible: true,
      chapterId: w.chapters.active.id,
      chapter: {
        id: w.chapters.active.id,
        title: 'Greenpoint',
        displayTitle: 'Greenpoint',
        slug: w.chapters.active.slug,
        state: 'NY',
      },
    });
    expect(res.body).not.toContain('Pulled story');
  });

  it('answer the newest N for /public/:count', async () => {
    expect(titlesOf((await get(t, '/api/press_mention/public/2')).json())).toEqual([
      'Network wide',
      'Greenpoint story',
    ]);
    expect(titlesOf((await get(t, '/api/press_mention/public/100')).json())).toHaveLength(4);
    for (const bad of ['0', '101', 'abc', '-1', '2.5']) {
      const res = await get(t, `/api/press_mention/public/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual(['params.count']);
    }
  });

  it("answer a state's mentions, and 400 for an unknown state", async () => {
    expect(titlesOf((await get(t, '/api/press_mention/public/state/ny')).json())).toEqual([
      'Greenpoint story',
      'Old Greenpoint',
    ]);
    expect(titlesOf((await get(t, '/api/press_mention/public/state/ca')).json())).toEqual([
      'Oakland story',
    ]);
    expect((await get(t, '/api/press_mention/public/state/int')).json()).toEqual([]);
    const res = await get(t, '/api/press_mention/public/state/xx');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual(['params.stateLower']);
  });

  it("answer a chapter's mentions; a missing or hidden chapter is a 404", async () => {
    const res = await get(t, `/api/press_mention/chapter/${w.chapters.active.id}/public`);
    expect(titlesOf(res.json())).toEqual(['Greenpoint story', 'Old Greenpoint']);
    expect((await get(t, '/api/press_mention/chapter/999999/public')).statusCode).toBe(404);
    const bad = await get(t, '/api/press_mention/chapter/abc/public');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.map((f: { field: string }) => f.field)).toEqual(['params.id']);
  });

  it('never show mentions of a chapter hidden from the caller', async () => {
    for (const c of w.callers) {
      const all = titlesOf((await get(t, '/api/press_mention/public', c.cookie)).json());
      const ny = titlesOf((await get(t, '/api/press_mention/public/state/ny', c.cookie)).json());
      const recent = titlesOf((await get(t, '/api/press_mention/public/8', c.cookie)).json());
      const ofHidden = await get(
        t,
        `/api/press_mention/chapter/${w.chapters.hidden.id}/public`,
        c.cookie,
      );
      for (const list of [all, ny, recent]) {
        expect(list.includes('Astoria story'), c.kind).toBe(c.seesHidden);
        expect(list.includes('Buffalo story'), c.kind).toBe(c.kind === 'admin');
        expect(list, c.kind).not.toContain('Pulled story');
      }
      expect(ofHidden.statusCode, c.kind).toBe(c.seesHidden ? 200 : 404);
      if (c.seesHidden) expect(titlesOf(ofHidden.json())).toEqual(['Astoria story']);
    }
  });
});
