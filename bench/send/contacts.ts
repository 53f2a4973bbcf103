// The data of `npm run bench:send`: one chapter, its host and its list of `contacts` readers
// (in production they come over months; here, before the send, in a process of their own).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { chapters, mailingListContacts, mailingLists, users } from '../../src/server/db/schema';
import { openTarget, type Target } from './setup';

export async function generate(database: Database, contacts: number) {
  const { db } = database;
  const [list] = await db.insert(mailingLists).values({ name: 'Bench list' }).returning();
  await db.insert(chapters).values({
    title: 'Bench Town',
    slug: 'bench-town',
    status: 1,
    emailAlias: 'bench',
    brontoListId: String(list!.id),
  });
  await db
    .insert(users)
    .values({ name: 'Bench Host', email: 'host@example.org', username: 'host@example.org' });
  for (let start = 0; start < contacts; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, contacts - start) }, (_, i) => ({
      listId: list!.id,
      email: `reader${start + i}@example.org`,
      unsubscribeToken: randomBytes(16).toString('hex'),
    }));
    await db.insert(mailingListContacts).values(batch);
  }
  // A list built over months has been vacuumed by then: its count is read from the index alone
  // (the visibility map), as on a live server, not from every row of a table just written.
  await db.execute(sql`vacuum analyze mailing_list_contacts`);
}

/** The generation's process: migrates the target's database and fills it. */
export async function runGenerate(target: Target, contacts: number) {
  const database = await openTarget(target);
  try {
    await database.migrate();
    await generate(database, contacts);
  } finally {
    await database.close();
  }
}
