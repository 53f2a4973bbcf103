// GET /api/chapter_event/slug/{slug} from the answer cache: a visitor's answer is kept on each app
// server until a write on any of them changes what it shows (the event, its chapter), and a
// hidden chapter's event is a 404 to visitors whoever read it before. The cache lasts an hour
// here: a change seen below came from a notice (LISTEN/NOTIFY), not from the TTL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { chapterEvents } from '../../db/schema';
import { createTwoAppServers } from '../../test/app';
import {
  createChapterAdminWorld,
  send,
  uniqueSlug,
  type ChapterAdminWorld,
  type TestApp,
} from '../../test/chapterAdminWorld';

let t: TestApp;
let servers: Awaited<ReturnType<typeof createTwoAppServers>>;
let second: Awaited<ReturnType<typeof buildApp>>;
let w: ChapterAdminWorld;

beforeAll(async () => {
  servers = await createTwoAppServers();
  ({ t, second } = servers);
  w = await createChapterAdminWorld(t, { title: 'Greenpoint' });
});
afterAll(() => servers.close());

const fields = {
  description: '',
  address1: '142 Franklin St',
  address2: '',
  city: 'Brooklyn',
  state: 'NY',
  postalCode: '11222',
  country: 'US',
  startTime: '18:00',
  endTime: '20:00',
  isSingleDate: false,
  singleDate: null,
  dayOfWeekIndex: 4,
  weeksOfMonthIndexes: '0',
};

async function newEvent(name: string): Promise<string> {
  const slug = uniqueSlug('pencil');
  await t.db.insert(chapterEvents).values({ ...fields, chapterId: w.chapter.id, name, slug });
  return slug;
}

/** A visitor's read on the second server. */
async function visit(slug: string, cookie?: string) {
  const res = await second.inject({
    url: `/api/chapter_event/slug/${slug}`,
    headers: cookie ? { cookie } : {},
  });
  const body =
    res.statusCode === 200 ? res.json<{ name: string; chapter: { title: string } }>() : null;
  return { status: res.statusCode, etag: res.headers.etag, body };
}

/** A write on the first server, once the second has heard of it. */
async function write(request: Parameters<typeof send>[1], cookie: string | undefined) {
  const res = await servers.writeHeard(request, cookie);
  expect(res.statusCode, res.body).toBe(200);
}

/** Changes the event's name behind the app's back: only a cached answer still shows the old. */
const renameInDatabase = (slug: string, name: string) =>
  t.db.update(chapterEvents).set({ name }).where(eq(chapterEvents.slug, slug));

describe('an event read by visitors', () => {
  it('is kept, and shows a host’s edit made on another server at once', async () => {
    const slug = await newEvent('Pencil Factory');
    expect((await visit(slug)).body?.name).toBe('Pencil Factory');
    await renameInDatabase(slug, 'Not announced');
    expect((await visit(slug)).body?.name).toBe('Pencil Factory');

    await write(
      {
        method: 'POST',
        url: '/api/chapter_event',
        payload: { ...fields, chapterId: w.chapter.id, slug, name: 'Pencil Factory Bar' },
      },
      w.cookies.host,
    );
    expect((await visit(slug)).body?.name).toBe('Pencil Factory Bar');
  });

  it('shows its chapter renamed, and is a 404 once the event is deleted', async () => {
    const slug = await newEvent('Brooklyn Inn');
    expect((await visit(slug)).body?.chapter.title).toBe('Greenpoint');
    await write(
      { method: 'POST', url: '/api/chapter', payload: { id: w.chapter.id, title: 'Greenpoint 2' } },
      w.cookies.fieldOrganizer,
    );
    expect((await visit(slug)).body?.chapter.title).toBe('Greenpoint 2');

    await write({ method: 'DELETE', url: `/api/chapter_event/slug/${slug}` }, w.cookies.host);
    expect((await visit(slug)).status).toBe(404);
  });

  it('is the visitors’ answer for a signed-in user whose roles change nothing in it', async () => {
    const slug = await newEvent('Night of Joy');
    const visitor = await visit(slug);
    expect(visitor.etag).toBeDefined();
    for (const cookie of [w.cookies.noRole, w.cookies.otherHost, w.cookies.host, w.cookies.admin]) {
      expect(await visit(slug, cookie)).toEqual(visitor);
    }
  });
});

describe('an event of a chapter that is hidden', () => {
  it('is a 404 to visitors, even after its hosts read it; seen again once shown', async () => {
    const slug = await newEvent('Hidden Pints');
    expect((await visit(slug)).status).toBe(200);
    const hide = (status: number) =>
      write(
        { method: 'POST', url: '/api/chapter', payload: { id: w.chapter.id, status } },
        w.cookies.admin,
      );
    await hide(0);
    expect((await visit(slug)).status).toBe(404);
    for (const cookie of [w.cookies.host, w.cookies.fieldOrganizer, w.cookies.admin]) {
      const host = await visit(slug, cookie);
      expect(host.status).toBe(200);
      expect(host.body?.name).toBe('Hidden Pints');
    }
    expect((await visit(slug)).status).toBe(404);
    expect((await visit(slug, w.cookies.noRole)).status).toBe(404);
    expect((await visit(slug, w.cookies.otherHost)).status).toBe(404);

    await hide(1);
    expect((await visit(slug)).body?.name).toBe('Hidden Pints');
  });
});
