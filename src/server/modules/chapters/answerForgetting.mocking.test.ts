// Cached answers are forgotten by the writes that change them, on every app server at once
// (LISTEN/NOTIFY: on PostgreSQL with TEST_DATABASE_URL, on the shared PGlite instance without),
// and by nothing else; signed-in users whose roles change nothing get the visitors' answer.
// The cache lasts an hour here: any change seen below came from a notice, not from the TTL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { nextAnswerNotice } from '../../caching/answerCache';
import { createTestApp } from '../../test/app';
import {
  createChapterAdminWorld,
  insertChapter,
  send,
  uniqueSlug,
  type ChapterAdminWorld,
} from '../../test/chapterAdminWorld';
import type { ChapterRow } from '../../db/schema';
import * as chapterReads from './chapter';

// Counts the builds of each chapter read by slug, and of the answer its hosts read (by id): a
// cached answer is one not built again.
vi.mock('./chapter', async (importOriginal) => {
  const original = await importOriginal<typeof import('./chapter')>();
  return {
    ...original,
    getChapterBySlug: vi.fn(original.getChapterBySlug),
    getChapterForHosts: vi.fn(original.getChapterForHosts),
  };
});
const builds = (slug: string) =>
  vi.mocked(chapterReads.getChapterBySlug).mock.calls.filter(([, , s]) => s === slug).length;
const hostBuilds = (id: number) =>
  vi.mocked(chapterReads.getChapterForHosts).mock.calls.filter(([, i]) => i === id).length;

const HOUR = { PUBLIC_CACHE_SECONDS: '3600', HOME_MAP_CACHE_SECONDS: '3600' };

let t: Awaited<ReturnType<typeof createTestApp>>;
let second: Awaited<ReturnType<typeof buildApp>>;
let w: ChapterAdminWorld;
let b: ChapterRow;

beforeAll(async () => {
  t = await createTestApp({ env: HOUR });
  // Another app server on the same database (on PGlite: the same instance in this process).
  second = await buildApp({ config: t.config, db: t.db, notices: t.database.notices });
  await Promise.all([t.app.ready(), second.ready()]);
  w = await createChapterAdminWorld(t, { state: 'VT', city: 'Burlington', title: 'Burlington' });
  b = await insertChapter(t, { state: 'VT', city: 'Montpelier', title: 'Montpelier' });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

type App = typeof second;
const read = async (app: App, slug: string, cookie?: string) => {
  const res = await app.inject({
    url: `/api/chapter/slug/${slug}`,
    headers: cookie ? { cookie } : {},
  });
  return { status: res.statusCode, etag: res.headers.etag, body: res.json<{ title: string }>() };
};
const stateTitles = async (app: App) =>
  (await app.inject({ url: '/api/chapters/state/vt' }))
    .json<{ title: string }[]>()
    .map((c) => c.title)
    .sort();

describe('a save on one app server', () => {
  it('is seen at once by a visitor of another, which had the answer cached', async () => {
    const slug = w.chapter.slug;
    expect((await read(second, slug)).body.title).toBe('Burlington');
    expect(await stateTitles(second)).toEqual(['Burlington', 'Montpelier']);
    const before = builds(slug);
    expect((await read(second, slug)).body.title).toBe('Burlington');
    expect(builds(slug)).toBe(before);

    const heard = nextAnswerNotice(second);
    const saved = await send(
      t,
      {
        method: 'POST',
        url: '/api/chapter',
        payload: { id: w.chapter.id, about: '<p>New</p>', title: 'Burlington Saved' },
      },
      w.cookies.fieldOrganizer,
    );
    expect(saved.statusCode).toBe(200);
    await heard;
    expect((await read(second, slug)).body.title).toBe('Burlington Saved');
    expect(await stateTitles(second)).toEqual(['Burlington Saved', 'Montpelier']);
  });

  it("leaves another chapter's cached answer in place", async () => {
    expect((await read(second, b.slug)).body.title).toBe('Montpelier');
    const before = builds(b.slug);
    const heard = nextAnswerNotice(second);
    await send(
      t,
      {
        method: 'POST',
        url: '/api/chapter',
        payload: { id: w.chapter.id, title: 'Burlington Again' },
      },
      w.cookies.fieldOrganizer,
    );
    await heard;
    expect((await read(second, b.slug)).body.title).toBe('Montpelier');
    expect(builds(b.slug)).toBe(before);
    expect((await read(second, w.chapter.slug)).body.title).toBe('Burlington Again');
  });

  it('forgets the old slug when the slug changes, and the chapter when an event is added', async () => {
    const oldSlug = w.chapter.slug;
    expect((await read(second, oldSlug)).status).toBe(200);
    const newSlug = uniqueSlug('btv');
    let heard = nextAnswerNotice(second);
    await send(
      t,
      { method: 'POST', url: '/api/chapter', payload: { id: w.chapter.id, slug: newSlug } },
      w.cookies.admin,
    );
    await heard;
    expect((await read(second, oldSlug)).status).toBe(404);
    const cached = await read(second, newSlug);
    expect(cached.body).toMatchObject({ chapter_events: [] });

    heard = nextAnswerNotice(second);
    const event = await send(
      t,
      {
        method: 'POST',
        url: '/api/chapter_event',
        payload: {
          chapterId: w.chapter.id,
          name: 'Pints',
          description: '',
          address1: '1 Church St',
          address2: '',
          city: 'Burlington',
          state: 'VT',
          postalCode: '05401',
          country: 'US',
          startTime: '19:00',
          endTime: '21:30',
          isSingleDate: false,
          singleDate: null,
          dayOfWeekIndex: 2,
          weeksOfMonthIndexes: '1,3',
        },
      },
      w.cookies.host,
    );
    expect(event.statusCode, event.body).toBe(200);
    await heard;
    const after = (await read(second, newSlug)).body as unknown as { chapter_events: unknown[] };
    expect(after.chapter_events).toHaveLength(1);
    w.chapter = { ...w.chapter, slug: newSlug };
  });
});

describe('writes that change nothing public', () => {
  const newsletter = (chapterId: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/mailing_list/sign_up_chapter',
      payload: { email: `news${Math.random().toString(36).slice(2)}@example.org`, chapterId },
    });
  type ListIds = { brontoListId: string | null; sendInBlueListId: string | null };
  const listIds = async (app: App, slug: string) => {
    const { brontoListId, sendInBlueListId } = (await read(app, slug)).body as unknown as ListIds;
    return { brontoListId, sendInBlueListId };
  };

  it("a chapter's first newsletter sign-up makes its list, which its page shows", async () => {
    const before = await listIds(second, b.slug);
    const heard = nextAnswerNotice(second);
    expect((await newsletter(b.id)).json()).toMatchObject({ results: [{ isError: false }] });
    expect(await heard).toContain(`chapter:${b.id}`);
    const after = await listIds(second, b.slug);
    expect(after).not.toEqual(before);
    expect(after).toEqual(await listIds(t.app, b.slug));
  });

  it('sign-up, sign-in and newsletter sign-ups leave cached answers cached', async () => {
    const slug = b.slug;
    const first = await read(second, slug);
    await read(t.app, slug);
    const built = builds(slug);
    const email = `reader${Date.now()}@example.org`;
    const password = 'secret-pass';
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Reader', email, password, passwordMatch: password },
    });
    expect(signup.statusCode).toBe(200);
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: email, password },
    });
    expect(signin.json()).toMatchObject({ error: null });
    expect((await newsletter(b.id)).json()).toMatchObject({ results: [{ isError: false }] });
    // Notices arrive in order: once this one is heard, any they had sent has been acted on. On
    // both servers: the writer hears its own notice too, and forgets again when it does (the
    // next test must not meet that late forgetting).
    const heard = Promise.all([nextAnswerNotice(second), nextAnswerNotice(t.app)]);
    await send(
      t,
      { method: 'POST', url: '/api/chapter', payload: { id: w.chapter.id, about: '<p>x</p>' } },
      w.cookies.host,
    );
    await heard;
    expect((await read(second, slug)).etag).toBe(first.etag);
    await read(t.app, slug);
    expect(builds(slug)).toBe(built);
  });
});

describe('signed-in readers', () => {
  it('get the visitors’ answer unless their roles change it', async () => {
    const slug = w.chapter.slug;
    const visitor = await read(t.app, slug);
    const built = builds(slug);
    for (const kind of ['noRole', 'otherHost'] as const) {
      const res = await read(t.app, slug, w.cookies[kind]);
      expect(res.etag).toBe(visitor.etag);
      expect(res.body).toEqual(visitor.body);
    }
    expect(builds(slug)).toBe(built);

    // A host of this chapter sees their co-hosts' emails: the answer of those who run it, the
    // same for its hosts, its field organizers and admins, built once for all of them.
    const hostBuilt = hostBuilds(w.chapter.id);
    const host = await read(t.app, slug, w.cookies.host);
    expect(host.etag).toBeDefined();
    expect(host.etag).not.toBe(visitor.etag);
    const emails = (r: typeof host) =>
      (r.body as unknown as { permissions: { user: { email: string | null } }[] }).permissions.map(
        (p) => p.user.email,
      );
    expect(emails(host).every((e) => e !== null)).toBe(true);
    expect(emails(visitor).every((e) => e === null)).toBe(true);
    for (const kind of ['fieldOrganizer', 'admin'] as const) {
      const res = await read(t.app, slug, w.cookies[kind]);
      expect(res.etag, kind).toBe(host.etag);
      expect(res.body, kind).toEqual(host.body);
    }
    expect(hostBuilds(w.chapter.id)).toBe(hostBuilt + 1);
    // ...and never anyone else's, once it is kept.
    for (const kind of ['noRole', 'otherHost'] as const) {
      expect((await read(t.app, slug, w.cookies[kind])).etag, kind).toBe(visitor.etag);
    }
    expect((await read(t.app, slug)).etag).toBe(visitor.etag);
    expect(builds(slug)).toBe(built);
  });

  it('see a save in the answer its hosts read, on every app server', async () => {
    const slug = w.chapter.slug;
    await read(second, slug, w.cookies.host);
    const heard = nextAnswerNotice(second);
    await send(
      t,
      { method: 'POST', url: '/api/chapter', payload: { id: w.chapter.id, about: '<p>Hosts</p>' } },
      w.cookies.host,
    );
    await heard;
    for (const app of [t.app, second]) {
      const res = await read(app, slug, w.cookies.fieldOrganizer);
      expect((res.body as unknown as { about: string }).about).toBe('<p>Hosts</p>');
    }
  });

  it('never get a visitor’s 404 for a hidden chapter they run', async () => {
    const heard = nextAnswerNotice(second);
    await send(
      t,
      { method: 'POST', url: '/api/chapter', payload: { id: w.chapter.id, status: 0 } },
      w.cookies.fieldOrganizer,
    );
    await heard;
    for (const app of [t.app, second]) {
      expect((await read(app, w.chapter.slug)).status).toBe(404);
      expect((await read(app, w.chapter.slug, w.cookies.noRole)).status).toBe(404);
      expect((await read(app, w.chapter.slug, w.cookies.host)).status).toBe(200);
    }
    expect(await stateTitles(second)).toEqual(['Montpelier']);
  });

  it("read a state's list as visitors do unless they may see a hidden chapter in it", async () => {
    // Burlington is hidden (above): visitors, and callers who run nothing in Vermont, read one
    // list; its host, field organizer and the admin (the only hidden chapter of the state) one
    // other, kept once for all of them.
    const list = async (cookie?: string) => {
      const res = await second.inject({
        url: '/api/chapters/state/vt',
        headers: cookie ? { cookie } : {},
      });
      return {
        etag: res.headers.etag,
        titles: res.json<{ title: string }[]>().map((c) => c.title),
      };
    };
    const { title } = (await read(second, w.chapter.slug, w.cookies.host)).body;
    const visitors = await list();
    expect(visitors.titles).toEqual(['Montpelier']);
    for (const kind of ['noRole', 'otherHost'] as const) {
      expect(await list(w.cookies[kind]), kind).toEqual(visitors);
    }
    const runners = await list(w.cookies.host);
    expect(runners.titles).toEqual([title, 'Montpelier']);
    expect(runners.etag).not.toBe(visitors.etag);
    for (const kind of ['fieldOrganizer', 'admin'] as const) {
      expect(await list(w.cookies[kind]), kind).toEqual(runners);
    }
    expect(await list(w.cookies.otherHost)).toEqual(visitors);

    // Shown again: everyone reads the visitors' list, which has it.
    const heard = nextAnswerNotice(second);
    await send(
      t,
      { method: 'POST', url: '/api/chapter', payload: { id: w.chapter.id, status: 1 } },
      w.cookies.fieldOrganizer,
    );
    await heard;
    const shown = await list();
    expect(shown.titles).toEqual([title, 'Montpelier']);
    for (const kind of ['host', 'fieldOrganizer', 'admin'] as const) {
      expect(await list(w.cookies[kind]), kind).toEqual(shown);
    }
  });
});
