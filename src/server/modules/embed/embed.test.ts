// What other sites get (issue 36): the widget's list and the frames. Active chapters only, by
// chapter, state, type or the whole network; skipped dates left out and moved ones at their new
// day; a host's markup shown as text; wrong query values a 400 naming them; CORS open on the
// list; only /embed/* may be framed by another site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapterEvents, type ChapterRow } from '../../db/schema';
import { createTestApp } from '../../test/app';
import {
  createChapterAdminWorld,
  insertChapter,
  send,
  uniqueSlug,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';
import type { EmbedEvents } from '../../../common/schemas/embed';

let t: TestApp;
let w: ChapterAdminWorld;
let screening: ChapterRow;
let hidden: ChapterRow;
const HOSTILE = '<img src=x onerror=alert(1)>"Back" & room';
const events = { greenpoint: '', astoria: '', hidden: '' };

async function addEvent(chapterId: number, name: string) {
  const slug = uniqueSlug('night');
  await t.db.insert(chapterEvents).values({
    chapterId,
    name,
    slug,
    address1: '1 Main St',
    city: 'Brooklyn',
    state: 'NY',
    startTime: '19:00',
    endTime: '21:00',
    dayOfWeekIndex: 2,
    weeksOfMonthIndexes: '0',
    lat: 40.7272,
    lng: -73.9545,
  });
  return slug;
}

const list = async (query: string) => {
  const res = await send(t, { method: 'GET', url: `/api/embed/events?${query}` });
  return { res, body: res.json<EmbedEvents>() };
};

beforeAll(async () => {
  t = await createTestApp();
  w = await createChapterAdminWorld(t, { title: 'Greenpoint', state: 'NY' });
  screening = await insertChapter(t, {
    title: 'Astoria',
    state: 'NY',
    chapterTypeId: 2,
    emailAlias: uniqueSlug('astoria'),
  });
  hidden = await insertChapter(t, {
    title: 'Secret Bushwick',
    state: 'NY',
    status: 0,
    emailAlias: uniqueSlug('bushwick'),
  });
  events.greenpoint = await addEvent(w.chapter.id, 'Pencil Factory');
  events.astoria = await addEvent(screening.id, HOSTILE);
  events.hidden = await addEvent(hidden.id, 'Speakeasy');
});

describe('the map frame', () => {
  const pinsOf = (html: string) =>
    JSON.parse(/<script type="application\/json" id="pins">([^<]*)<\/script>/.exec(html)![1]!) as {
      title: string;
      url: string;
      typeId: number;
      next?: string;
    }[];

  it("pins a state's active chapters, of one type when asked, and may be framed", async () => {
    const res = await send(t, { method: 'GET', url: '/embed/map?state=ny' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    const titles = pinsOf(res.body).map((p) => p.title);
    expect(titles).toContain('Drinking Liberally Greenpoint');
    expect(titles).toContain('Screening Liberally Astoria');
    expect(titles.some((x) => x.includes('Secret'))).toBe(false);
    expect(pinsOf(res.body).find((p) => p.title.endsWith('Greenpoint'))?.next).toMatch(
      /^\w{3}, \w{3} \d{1,2} · 7:00pm at Pencil Factory$/,
    );
    const screeningOnly = await send(t, {
      method: 'GET',
      url: '/embed/map?state=ny&type=screening',
    });
    expect(pinsOf(screeningOnly.body).map((p) => p.typeId)).toEqual([2]);
    expect((await send(t, { method: 'GET', url: '/embed/map?state=zz' })).statusCode).toBe(400);
  });

  it("the network's map carries no pins (its script reads the home map's) and lists the states for a reader without script", async () => {
    await insertChapter(t, {
      title: 'Secret Burlington',
      state: 'VT',
      chapterTypeId: 2,
      status: 0,
      emailAlias: uniqueSlug('vt'),
    });
    const res = await send(t, { method: 'GET', url: '/embed/map?type=screening' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.body).not.toContain('id="pins"');
    expect(res.body).toContain('data-type="2"');
    // The key comes in the page, before the map's script runs.
    const key = /<ul id="legend"[^>]*>(.*?)<\/ul>/.exec(res.body)?.[1] ?? '';
    expect(key.match(/alt="">([^<]+)<\/li>/g)).toEqual(['alt="">Screening Liberally</li>']);
    // So does the tiles' credit, in the picture of the map that the script draws the rest of,
    // and the map is in the tab order (its focus starts it).
    expect(res.body).toMatch(
      /<div id="map"[^>]*tabindex="0"[^>]*><div class="map-poster"><div class="map-poster-attribution">&copy; <a href="https:\/\/www.openstreetmap.org\/copyright">OpenStreetMap<\/a>/,
    );
    // Each state a link to its own frame, of the same type, where its chapters are listed.
    const noscript = /<noscript>(.*?)<\/noscript>/.exec(res.body)?.[1] ?? '';
    const links = [...noscript.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(links).toEqual([['/embed/map?state=ny&amp;type=2', 'New York']]);
  });

  it("keeps a chapter's title from closing the page's data block", async () => {
    await insertChapter(t, {
      title: '</script><script>alert(1)</script>',
      state: 'NJ',
      emailAlias: uniqueSlug('nj'),
    }).then((c) => addEvent(c.id, 'Hoboken Hall'));
    const res = await send(t, { method: 'GET', url: '/embed/map?state=nj' });
    expect(res.body.match(/<script/g)).toHaveLength(2);
    expect(pinsOf(res.body)[0]!.title).toBe(
      'Drinking Liberally </script><script>alert(1)</script>',
    );
  });
});
afterAll(() => t.close());

describe('GET /api/embed/events', () => {
  it("lists a chapter's next meetings, soonest first, with links to its pages, open to any origin", async () => {
    const { res, body } = await list(`chapter=${w.chapter.slug}&limit=3`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(body.title).toBe('Drinking Liberally Greenpoint');
    expect(body.dates).toHaveLength(3);
    expect(body.dates.map((d) => d.start)).toEqual([...body.dates.map((d) => d.start)].sort());
    expect(body.dates[0]).toMatchObject({
      startTime: '19:00',
      place: 'Pencil Factory',
      timeZone: 'America/New_York',
      url: `${t.app.config.publicUrl}/chapter/ny/${w.chapter.slug}/events/${events.greenpoint}`,
    });
  });

  it("a state's list holds its active chapters of every type, or of one type, never a hidden one", async () => {
    const all = (await list('state=ny&limit=20')).body;
    const places = new Set(all.dates.map((d) => d.place));
    expect(places).toEqual(new Set(['Pencil Factory', HOSTILE]));
    expect(all.title).toBe('Living Liberally in New York');
    const screeningOnly = (await list('state=NY&type=screening&limit=20')).body;
    expect(new Set(screeningOnly.dates.map((d) => d.chapter.type))).toEqual(new Set(['Screening']));
    const network = (await list('limit=20')).body;
    expect(network.dates.some((d) => d.place === 'Speakeasy')).toBe(false);
  });

  it('answers 404 for a hidden chapter asked by name, to an admin too', async () => {
    expect((await list(`chapter=${hidden.slug}`)).res.statusCode).toBe(404);
    const asAdmin = await send(
      t,
      { method: 'GET', url: `/api/embed/events?chapter=${hidden.slug}` },
      w.cookies.admin,
    );
    expect(asAdmin.statusCode).toBe(404);
    expect((await list('chapter=no-such-chapter')).res.statusCode).toBe(404);
  });

  it('answers 400 naming each malformed value', async () => {
    for (const [query, field] of [
      ['state=zz', 'state'],
      ['type=knitting', 'type'],
      ['limit=0', 'limit'],
      ['limit=500', 'limit'],
      ['chapter=%3Cscript%3E', 'chapter'],
    ] as const) {
      const { res } = await list(query);
      expect(res.statusCode, query).toBe(400);
      // Open to other sites' scripts too, so a widget reads the refusal and draws its empty list.
      expect(res.headers['access-control-allow-origin'], query).toBe('*');
      expect(res.body, query).toContain(field);
    }
  });

  it('leaves a skipped date out and shows a moved one at its new day, at once', async () => {
    const before = (await list(`chapter=${w.chapter.slug}&limit=2`)).body.dates;
    const [first, second] = before;
    const skip = await send(
      t,
      {
        method: 'PUT',
        url: `/api/chapter_event/slug/${events.greenpoint}/dates/${first!.date}`,
        payload: { status: 'cancelled', note: 'Closed for the holiday' },
      },
      w.cookies.host,
    );
    expect(skip.statusCode).toBe(200);
    const afterSkip = (await list(`chapter=${w.chapter.slug}&limit=2`)).body.dates;
    expect(afterSkip[0]!.date).toBe(second!.date);

    // The day before its rule's date, earlier in the evening.
    const movedTo = new Date(Date.parse(`${second!.date}T00:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    const move = await send(
      t,
      {
        method: 'PUT',
        url: `/api/chapter_event/slug/${events.greenpoint}/dates/${second!.date}`,
        payload: {
          status: 'moved',
          note: '',
          movedTo: { date: movedTo, startTime: '18:30', endTime: '20:30' },
        },
      },
      w.cookies.host,
    );
    expect(move.statusCode).toBe(200);
    const afterMove = (await list(`chapter=${w.chapter.slug}&limit=2`)).body.dates;
    expect(afterMove[0]).toMatchObject({
      date: movedTo,
      startTime: '18:30',
      movedFrom: second!.date,
    });
  });
});

describe('the frames', () => {
  it("draws a chapter's list with a host's markup as text, and may be framed by any site", async () => {
    const res = await send(t, { method: 'GET', url: `/embed/state/ny?theme=dark` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.body).toContain('class="frame dark"');
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;Back&quot; &amp; room');
    expect(res.body).not.toContain('<img');
    expect(res.body).not.toContain('<script');
  });

  it('answers 404 for a hidden chapter and 400 for a malformed state', async () => {
    expect(
      (await send(t, { method: 'GET', url: `/embed/chapter/${hidden.slug}` })).statusCode,
    ).toBe(404);
    expect((await send(t, { method: 'GET', url: '/embed/state/zz' })).statusCode).toBe(400);
    expect((await send(t, { method: 'GET', url: '/embed/chapter/x?theme=pink' })).statusCode).toBe(
      400,
    );
  });

  it('every other page still refuses to be framed', async () => {
    for (const url of ['/', `/chapter/ny/${w.chapter.slug}`, '/api/chapters/active']) {
      const res = await send(t, { method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBeDefined();
    }
  });
});
