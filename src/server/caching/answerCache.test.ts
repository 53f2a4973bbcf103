// The cache's bookkeeping: what forgets an answer, a build that a change overtakes, the size of
// the notices, and forgetting everything after a listener was away.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { createTestDatabase } from '../test/database';
import type { Database } from '../db/client';
import { MAX_NOTICE_BYTES, type Notices } from '../db/notices';
import { answerShowing, createAnswerCache } from './answerCache';
import { textAnswers } from './answerFormats';
import { changed, EVERY_ANSWER, key, shows } from './answerKeys';
import { listenForForgetting, noticePayloads } from './answerNotices';

const HOUR = 3_600_000;

function counted() {
  const cache = createAnswerCache(z.unknown(), HOUR);
  const built = new Map<string, number>();
  const get = (key: string, showing?: readonly string[]) =>
    cache.get(
      key,
      async () => {
        built.set(key, (built.get(key) ?? 0) + 1);
        return { key, n: built.get(key) };
      },
      showing && (() => showing),
    );
  return { cache, get, builds: (key: string) => built.get(key) ?? 0 };
}

/**
 * Only Date is faked (the cache's age of an answer): an answer's TTL passes when the test moves
 * the time, never because the machine paused; timers and promises run as ever.
 */
function setTime(): (ms: number) => void {
  vi.useFakeTimers({ toFake: ['Date'] });
  let now = Date.parse('2026-06-01T12:00:00Z');
  vi.setSystemTime(now);
  return (ms) => vi.setSystemTime((now += ms));
}

describe('an answer cache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends an answer past its TTL once more while the next one is built, never after a change', async () => {
    const pass = setTime();
    const cache = createAnswerCache(z.unknown(), 30);
    let n = 0;
    let release = () => {};
    const build = async () => {
      n += 1;
      if (n > 1) await new Promise<void>((resolve) => (release = resolve));
      return { n };
    };
    const body = async () => JSON.parse((await cache.get('a', build)).body) as { n: number };
    expect(await body()).toEqual({ n: 1 });
    pass(40);
    expect(cache.peek('a')).toBeNull();
    // Past its TTL: the old answer at once, the next one building meanwhile.
    expect(await body()).toEqual({ n: 1 });
    expect(n).toBe(2);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await body()).toEqual({ n: 2 });
    // A change is never met with the answer it changed: the caller waits for the new one.
    cache.forget(['*']);
    const next = cache.get('a', build);
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    expect(JSON.parse((await next).body)).toEqual({ n: 3 });
  });

  it('never sends a page past its TTL: the visitor waits for the next one (sendsStale: false)', async () => {
    // A page carries the answers it was drawn with; the app asks again for any older than its
    // own staleTime, so an old page would cost the visitor a second fetch.
    const pass = setTime();
    const pages = createAnswerCache(textAnswers('text/html'), 30, 1000, { sendsStale: false });
    let n = 0;
    const build = async () => `<p>${++n}</p>`;
    expect((await pages.get('/p', build)).body).toBe('<p>1</p>');
    pass(40);
    expect((await pages.get('/p', build)).body).toBe('<p>2</p>');
  });

  it('sends large and small answers gzipped as they are, named alike on every server', async () => {
    // A large answer is compressed on the thread pool, a small one on the spot: either way the
    // gzip is the text, and two servers building the same text give it the same ETag.
    const large = { rows: Array.from({ length: 4000 }, (_, i) => ({ i, name: `Chapter ${i}` })) };
    for (const value of [{ small: true }, large]) {
      const [a, b] = [createAnswerCache(z.unknown(), HOUR), createAnswerCache(z.unknown(), HOUR)];
      const answer = await a.get('k', async () => value);
      expect(gunzipSync(answer.gzip).toString()).toBe(JSON.stringify(value));
      expect((await b.get('k', async () => value)).etag).toBe(answer.etag);
      expect((await b.get('other', async () => ({ ...value, more: 1 }))).etag).not.toBe(
        answer.etag,
      );
    }
    expect(JSON.stringify(large).length).toBeGreaterThan(64 * 1024);
  });

  it('forgets the answers showing what changed, and keeps the others', async () => {
    const { cache, get, builds } = counted();
    const a = shows.chapter({ id: 1, chapter_events: [{ slug: 'pints' }], permissions: [] });
    const b = shows.chapter({ id: 2, permissions: [{ id: 7, user: { id: 9 } }] });
    const list = shows.stateList('vt', [{ id: 1 }, { id: 2 }]);
    for (const [key, showing] of [
      ['a', a],
      ['b', b],
      ['list', list],
    ] as const) {
      await get(key, showing);
    }
    cache.forget(changed.event('pints'));
    cache.forget(changed.user(9));
    cache.forget(changed.chapter({ id: 3, state: 'NY' }));
    for (const [key, showing] of [
      ['a', a],
      ['b', b],
      ['list', list],
    ] as const) {
      await get(key, showing);
    }
    expect([builds('a'), builds('b'), builds('list')]).toEqual([2, 2, 1]);
    cache.forget(changed.chapter({ id: 5, state: 'VT' }));
    await get('list', list);
    expect(builds('list')).toBe(2);
    cache.forget([EVERY_ANSWER]);
    await get('a', a);
    expect(builds('a')).toBe(3);
  });

  it('forgets an answer that does not say what it shows on any change', async () => {
    const { cache, get, builds } = counted();
    await get('page');
    await get('page');
    cache.forget(changed.frontPage());
    await get('page');
    expect(builds('page')).toBe(2);
  });

  it('keeps what a build says it shows beyond the answer, and sends the answer alone', async () => {
    const cache = createAnswerCache(textAnswers('text/calendar; charset=utf-8'), HOUR);
    let n = 0;
    const get = () =>
      cache.get('feed', async () => {
        n += 1;
        return answerShowing(`BEGIN:VCALENDAR ${n}`, shows.calendar(1, ['pints']));
      });
    expect((await get()).body).toBe('BEGIN:VCALENDAR 1');
    cache.forget(changed.chapterPart(2));
    expect((await get()).body).toBe('BEGIN:VCALENDAR 1');
    cache.forget(changed.event('pints'));
    const again = await get();
    expect(again.body).toBe('BEGIN:VCALENDAR 2');
    expect(again.type).toBe('text/calendar; charset=utf-8');
    cache.forget(changed.chapterPart(1));
    expect((await get()).body).toBe('BEGIN:VCALENDAR 3');
  });

  it('sends, but does not keep, an answer whose build a change overtook', async () => {
    const cache = createAnswerCache(z.unknown(), HOUR);
    let release!: () => void;
    const slow = cache.get(
      'a',
      () => new Promise((resolve) => (release = () => resolve('old'))),
      () => shows.chapters([{ id: 1 }]),
    );
    cache.forget(changed.chapterPart(2));
    cache.forget(changed.chapterPart(1));
    release();
    expect(JSON.parse((await slow).body)).toBe('old');
    const fresh = await cache.get(
      'a',
      async () => 'new',
      () => shows.chapters([{ id: 1 }]),
    );
    expect(JSON.parse(fresh.body)).toBe('new');
  });
});

describe('notice payloads', () => {
  it('stay under PostgreSQL’s limit, in as few notices as fit', () => {
    const things = Array.from({ length: 1500 }, (_, i) => `event:some-long-event-slug-${i}`);
    const payloads = noticePayloads(things);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAX_NOTICE_BYTES);
    expect(payloads.flatMap((p) => JSON.parse(p) as string[])).toEqual(things);
  });

  it('become one "forget everything" when too many would be needed', () => {
    const things = Array.from({ length: 20_000 }, (_, i) => `chapter:${i}`);
    expect(noticePayloads(things)).toEqual([JSON.stringify([EVERY_ANSWER])]);
    expect(noticePayloads(['x'.repeat(9000)])).toEqual([JSON.stringify([EVERY_ANSWER])]);
  });
});

describe('changes made many times a second (forgetSoon)', () => {
  it('are forgotten here at once, and told to the others in one notice', async () => {
    const { cache, get, builds } = counted();
    const sent: string[] = [];
    let told = () => {};
    const notices: Notices = {
      notify: (_channel, payload) => {
        sent.push(payload);
        told();
        return Promise.resolve();
      },
      listen: () => Promise.resolve(() => Promise.resolve()),
    };
    const bus = listenForForgetting(notices, console as never);
    bus.caches.add(cache);
    await get('counts', [key.rsvps('pencil')]);
    const toldOnce = new Promise<void>((resolve) => (told = resolve));
    for (let i = 0; i < 50; i++) bus.forgetSoon(changed.rsvps(i % 2 ? 'pencil' : 'tavern'));
    // Forgotten on this server before any notice went.
    await get('counts', [key.rsvps('pencil')]);
    expect(builds('counts')).toBe(2);
    expect(sent).toEqual([]);
    await toldOnce;
    expect(sent.map((p) => JSON.parse(p) as unknown)).toEqual([
      [key.rsvps('tavern'), key.rsvps('pencil')],
    ]);
    // What is gathered when the server stops is told before it goes.
    bus.forgetSoon(changed.rsvps('pencil'));
    await bus.stop();
    expect(sent).toHaveLength(2);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('a server that stopped listening', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('forgets everything when it listens again: it may have missed a change', async () => {
    const { cache, get, builds } = counted();
    const bus = listenForForgetting(database.notices, console as never);
    bus.caches.add(cache);
    await bus.start();
    try {
      await get('a', shows.chapters([{ id: 1 }]));
      const again = bus.nextListening();
      await database.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query = 'listen answer_cache'`);
      await again;
      await get('a', shows.chapters([{ id: 1 }]));
      expect(builds('a')).toBe(2);
      // And hears notices again.
      const heard = bus.nextNotice();
      await bus.forget(changed.chapterPart(1));
      expect(await heard).toEqual(changed.chapterPart(1));
    } finally {
      await bus.stop();
    }
  });
});
