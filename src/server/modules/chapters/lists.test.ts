import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { chapters } from '../../db/schema';
import { chapterSummarySchema } from '../../../common/schemas/chapters';
import { createWorld, get } from './testWorld';

let t: Awaited<ReturnType<typeof createTestApp>>;
let w: Awaited<ReturnType<typeof createWorld>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
  await t.db.insert(chapters).values([
    { title: 'bay ridge', slug: 'l-bay-ridge', city: 'Brooklyn', state: 'NY', status: 1 },
    // No title: lists show and sort by the city.
    { title: '', slug: 'l-albany', city: 'Albany', state: 'NY', status: 1 },
    { title: 'London', slug: 'l-london', city: 'London', state: 'INT', status: 1 },
    { title: 'Lagos', slug: 'l-lagos', city: 'Lagos', state: '', status: 1 },
    { title: '100% Fun_Club', slug: 'l-percent', city: 'Reno', state: 'NV', status: 1 },
  ]);
});
afterAll(() => t.close());

const titlesOf = (body: unknown) =>
  chapterSummarySchema
    .array()
    .parse(body)
    .map((c) => c.displayTitle);
const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((f) => f.field);

describe('GET /api/chapters/state/:stateLower', () => {
  it("lists a state's visible chapters by display title, case-insensitive", async () => {
    const expected: Record<string, string[]> = {
      visitor: ['Albany', 'bay ridge', 'Greenpoint'],
      'signed-in user with no role': ['Albany', 'bay ridge', 'Greenpoint'],
      'host of another chapter': ['Albany', 'bay ridge', 'Greenpoint'],
      host: ['Albany', 'Astoria', 'bay ridge', 'Greenpoint'],
      'field organizer': ['Albany', 'Astoria', 'bay ridge', 'Greenpoint'],
      admin: ['Albany', 'Astoria', 'bay ridge', 'Buffalo', 'Greenpoint'],
    };
    for (const c of w.callers) {
      const res = await get(t, '/api/chapters/state/ny', c.cookie);
      expect(res.statusCode).toBe(200);
      expect(titlesOf(res.json()), c.kind).toEqual(expected[c.kind]);
    }
    expect(titlesOf((await get(t, '/api/chapters/state/NY')).json())).toHaveLength(3);
    expect(titlesOf((await get(t, '/api/chapters/state/ca')).json())).toEqual(['Oakland']);
    expect((await get(t, '/api/chapters/state/wy')).json()).toEqual([]);
  });

  it("takes 'int' for International, including chapters with no state", async () => {
    const res = await get(t, '/api/chapters/state/int');
    const list = chapterSummarySchema.array().parse(res.json());
    expect(list.map((c) => [c.displayTitle, c.state])).toEqual([
      ['Lagos', 'INT'],
      ['London', 'INT'],
    ]);
  });

  it('answers 400 naming the field for an unknown state', async () => {
    for (const bad of ['zz', 'newyork', 'n']) {
      const res = await get(t, `/api/chapters/state/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(fieldsOf(res.json()), bad).toEqual(['params.stateLower']);
    }
  });
});

describe('GET /api/chapters/search', () => {
  const search = (q: string, cookie?: string, activeOnly = false) =>
    get(
      t,
      `/api/chapters/search?q=${encodeURIComponent(q)}${activeOnly ? '&activeOnly=true' : ''}`,
      cookie,
    );

  it('matches title, city or state, case-insensitive', async () => {
    expect(titlesOf((await search('GREEN')).json())).toEqual(['Greenpoint']);
    expect(titlesOf((await search('brooklyn')).json())).toEqual(['bay ridge', 'Greenpoint']);
    expect(titlesOf((await search('oakl')).json())).toEqual(['Oakland']);
    // By state abbreviation or name.
    expect(titlesOf((await search('ca')).json())).toEqual(['Oakland']);
    expect(titlesOf((await search('califor')).json())).toEqual(['Oakland']);
    expect(titlesOf((await search('ny')).json())).toEqual(['Albany', 'bay ridge', 'Greenpoint']);
    // LIKE's wildcards are plain characters.
    expect(titlesOf((await search('0%')).json())).toEqual(['100% Fun_Club']);
    expect(titlesOf((await search('n_c')).json())).toEqual(['100% Fun_Club']);
    expect(titlesOf((await search('%%')).json())).toEqual([]);
  });

  it('finds hidden chapters only for host-level users, and never with activeOnly', async () => {
    for (const c of w.callers) {
      const hits = titlesOf((await search('astoria', c.cookie)).json());
      expect(hits, c.kind).toEqual(c.seesHidden ? ['Astoria'] : []);
      expect(titlesOf((await search('astoria', c.cookie, true)).json()), c.kind).toEqual([]);
      const buffalo = titlesOf((await search('buffalo', c.cookie)).json());
      expect(buffalo, c.kind).toEqual(c.kind === 'admin' ? ['Buffalo'] : []);
    }
    const all = titlesOf((await search('ny', w.users.admin.cookie)).json());
    expect(all).toEqual(['Albany', 'Astoria', 'bay ridge', 'Buffalo', 'Greenpoint']);
    const active = titlesOf((await search('ny', w.users.admin.cookie, true)).json());
    expect(active).toEqual(['Albany', 'bay ridge', 'Greenpoint']);
  });

  it('answers at most 50', async () => {
    await t.db.insert(chapters).values(
      Array.from({ length: 60 }, (_, i) => ({
        title: `Manyville ${String(i).padStart(2, '0')}`,
        slug: `l-many-${i}`,
        status: 1,
      })),
    );
    const hits = titlesOf((await search('manyville')).json());
    expect(hits).toHaveLength(50);
    expect(hits[0]).toBe('Manyville 00');
    expect(hits[49]).toBe('Manyville 49');
  });

  it('answers 400 naming the field for a missing or too short q, or a bad activeOnly', async () => {
    for (const url of [
      '/api/chapters/search',
      '/api/chapters/search?q=a',
      '/api/chapters/search?q=%20a%20',
      `/api/chapters/search?q=${'x'.repeat(101)}`,
    ]) {
      const res = await get(t, url);
      expect(res.statusCode, url).toBe(400);
      expect(fieldsOf(res.json()), url).toEqual(['querystring.q']);
    }
    const res = await get(t, '/api/chapters/search?q=ny&activeOnly=yes');
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.json())).toEqual(['querystring.activeOnly']);
  });
});
