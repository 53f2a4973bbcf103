// LISTEN/NOTIFY on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL): every
// listener hears every notice, and on PostgreSQL a listener whose connection is killed listens
// again by itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../test/database';
import type { Database } from './client';
import type { NoticeHandlers } from './notices';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A listener whose notices and (re)connections can be awaited in turn. */
function recorder() {
  const heard: string[] = [];
  const states: boolean[] = [];
  let wake: (() => void) | null = null;
  const handlers: NoticeHandlers = {
    onNotice(payload) {
      heard.push(payload);
      wake?.();
    },
    onListening(listening) {
      states.push(listening);
      wake?.();
    },
  };
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise<void>((resolve) => (wake = resolve));
  };
  return { heard, states, handlers, until };
}

describe('notices', () => {
  it('reach every listener on the channel, the sender included, and no other channel', async () => {
    const a = recorder();
    const b = recorder();
    const other = recorder();
    const stops = await Promise.all([
      database.notices.listen('notices_test', a.handlers),
      database.notices.listen('notices_test', b.handlers),
      database.notices.listen('notices_other', other.handlers),
    ]);
    try {
      await database.notices.notify('notices_test', '["chapter:1"]');
      await database.notices.notify('notices_test', 'ünïcode');
      await a.until(() => a.heard.length === 2);
      await b.until(() => b.heard.length === 2);
      expect(a.heard).toEqual(['["chapter:1"]', 'ünïcode']);
      expect(b.heard).toEqual(a.heard);
      expect(other.heard).toEqual([]);
    } finally {
      for (const stop of stops) await stop();
    }
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    await expect(database.notices.notify('bad; drop table users', 'x')).rejects.toThrow();
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'listen again after the connection is killed',
    async () => {
      const r = recorder();
      const stop = await database.notices.listen('notices_drop', r.handlers);
      try {
        expect(r.states).toEqual([true]);
        const killed = await database.db.execute(sql`
          select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query = 'listen notices_drop'`);
        expect((killed as unknown as { rows: unknown[] }).rows).toHaveLength(1);
        await r.until(() => r.states.length === 3);
        expect(r.states).toEqual([true, false, true]);
        await database.notices.notify('notices_drop', 'after');
        await r.until(() => r.heard.length === 1);
        expect(r.heard).toEqual(['after']);
      } finally {
        await stop();
      }
    },
  );
});
