// The member counts the triggers keep (migration 0017_member_counts): after every kind of write
// they equal a count of the rows, on PGlite and on PostgreSQL, concurrent writers included.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { mailingListContacts, mailingLists } from '../../db/schema';
import { queryRows } from '../../core/database';
import { countByStatus } from './memberPages';
import { addContacts, bulkContacts, newList, setContactStatus, type TestApp } from './testWorld';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The kept counts of a list, without the statuses at zero: { status: n }. */
async function kept(listId: string) {
  const rows = await queryRows<{ status: string; n: number }>(
    t.db,
    sql`select status, n::int as n from mailing_list_member_counts
        where list_id = ${Number(listId)} and n <> 0 order by status`,
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** The list's rows counted: { status: n }. */
async function counted(listId: string) {
  const rows = await queryRows<{ status: string; n: number }>(
    t.db,
    sql`select status, count(*)::int as n from mailing_list_contacts
        where list_id = ${Number(listId)} group by status order by status`,
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

const setStatus = (listId: string, email: string, status: string) =>
  setContactStatus(t, listId, email, status);

describe('the kept member counts', () => {
  it('count inserted rows, one by one and a thousand in one statement', async () => {
    const list = await newList(t, 'Inserts');
    await addContacts(t, list, ['a@example.org']);
    await addContacts(t, list, ['b@example.org', 'c@example.org'], 'unconfirmed');
    await bulkContacts(t.db, list, 1000);
    await bulkContacts(t.db, list, 10, { prefix: 'gone', status: 'unsub' });
    expect(await kept(list)).toEqual({ active: 1001, unconfirmed: 2, unsub: 10 });
    expect(await kept(list)).toEqual(await counted(list));
    expect(await countByStatus(t.db, Number(list), null)).toBe(1013);
    expect(await countByStatus(t.db, Number(list), ['unsub', 'deleted'])).toBe(10);
  });

  it('move with a status change, and not with other changes of a row', async () => {
    const list = await newList(t, 'Changes');
    await addContacts(t, list, ['a@example.org', 'b@example.org', 'c@example.org']);
    await setStatus(list, 'a@example.org', 'unsub');
    await setStatus(list, 'b@example.org', 'bounce');
    await setStatus(list, 'b@example.org', 'bounce'); // no change: nothing moves
    await setStatus(list, 'a@example.org', 'active');
    await setStatus(list, 'c@example.org', 'blocked');
    await t.db
      .update(mailingListContacts)
      .set({ numSends: sql`${mailingListContacts.numSends} + 1` })
      .where(eq(mailingListContacts.listId, Number(list)));
    // One statement moving many rows at once.
    await t.db
      .update(mailingListContacts)
      .set({ status: 'unsub' })
      .where(eq(mailingListContacts.listId, Number(list)));
    await setStatus(list, 'c@example.org', 'active');
    expect(await kept(list)).toEqual({ active: 1, unsub: 2 });
    expect(await kept(list)).toEqual(await counted(list));
  });

  it('follow a row moved to another list', async () => {
    const from = await newList(t, 'From');
    const to = await newList(t, 'To');
    await addContacts(t, from, ['a@example.org', 'b@example.org']);
    await t.db
      .update(mailingListContacts)
      .set({ listId: Number(to), status: 'unconfirmed' })
      .where(
        and(
          eq(mailingListContacts.listId, Number(from)),
          eq(mailingListContacts.email, 'a@example.org'),
        ),
      );
    expect(await kept(from)).toEqual({ active: 1 });
    expect(await kept(to)).toEqual({ unconfirmed: 1 });
  });

  it('count deleted rows off, and go with their list', async () => {
    const list = await newList(t, 'Deletes');
    await bulkContacts(t.db, list, 300);
    await bulkContacts(t.db, list, 5, { prefix: 'x', status: 'blocked' });
    await t.db
      .delete(mailingListContacts)
      .where(
        and(
          eq(mailingListContacts.listId, Number(list)),
          sql`${mailingListContacts.email} like 'member1%'`,
        ),
      );
    await t.db
      .delete(mailingListContacts)
      .where(
        and(
          eq(mailingListContacts.listId, Number(list)),
          eq(mailingListContacts.email, 'x1@example.org'),
        ),
      );
    expect(await kept(list)).toEqual(await counted(list));
    expect(await kept(list)).toMatchObject({ blocked: 4 });

    await t.db.delete(mailingLists).where(eq(mailingLists.id, Number(list)));
    const left = await queryRows(
      t.db,
      sql`select 1 from mailing_list_member_counts where list_id = ${Number(list)}`,
    );
    expect(left).toEqual([]);
  });

  it('stay exact with writers at once: inserts, status changes both ways and deletes', async () => {
    const list = await newList(t, 'Concurrent');
    await bulkContacts(t.db, list, 200, { prefix: 'seed' });
    await bulkContacts(t.db, list, 200, { prefix: 'left', status: 'unsub' });
    // On PostgreSQL these run on the pool's four connections, each writer a transaction of
    // several statements holding its count rows while the others wait; PGlite runs them in turn.
    const writer = (w: number) =>
      t.db.transaction(async (tx) => {
        for (let round = 0; round < 5; round += 1) {
          await bulkContacts(tx as unknown as TestApp['db'], list, 20, {
            prefix: `w${w}r${round}n`,
          });
          // Half the writers unsubscribe, half come back: their count rows cross.
          const [from, to] = w % 2 ? ['active', 'unsub'] : ['unsub', 'active'];
          await tx.execute(sql`
            update mailing_list_contacts set status = ${to}
            where list_id = ${Number(list)} and status = ${from}
              and email like ${`${from === 'active' ? 'seed' : 'left'}${w}%`}`);
          await tx.execute(sql`
            delete from mailing_list_contacts
            where list_id = ${Number(list)} and email = ${`w${w}r${round}n1@example.org`}`);
        }
      });
    await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(writer));
    const rows = await counted(list);
    expect(await kept(list)).toEqual(rows);
    // 400 seeded + 8 writers x 5 rounds x (20 - 1 deleted).
    expect(Object.values(rows).reduce((a, b) => a + b, 0)).toBe(400 + 8 * 5 * 19);
  });
});
