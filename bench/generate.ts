// A large network for benchmarks: by default 2,000 chapters (one in ten hidden), 3 events and 10
// chapter posts per chapter, with believable cities and coordinates from the zipcodes gazetteer.
// `npm run bench:api` also builds 200 and 20,000 (generateLargeNetwork's `chapterCount`).
import zipcodes from 'zipcodes';
import type { Db } from '../src/server/db/client';
import { eq } from 'drizzle-orm';
import {
  chapterBlogPosts,
  chapterEvents,
  chapters,
  mailingListContacts,
  mailingLists,
  permissions,
  users,
} from '../src/server/db/schema';

export const SIZE = { chapters: 2000, eventsPerChapter: 3, postsPerChapter: 10 } as const;

const STATES = ['NY', 'CA', 'TX', 'IL', 'PA', 'OH', 'GA', 'NC', 'MI', 'WA', 'MA', 'CO', 'OR', 'MN'];

/** Inserts in batches: one statement per batch, never one per row. */
async function insertBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function generateLargeNetwork(
  db: Db,
  chapterCount: number = SIZE.chapters,
): Promise<void> {
  const [author] = await db
    .insert(users)
    .values({
      name: 'Bench Author',
      email: 'bench-author@example.org',
      username: 'bench-author@example.org',
    })
    .returning({ id: users.id });
  const places = STATES.flatMap((state) => zipcodes.lookupByState(state).slice(0, 400));

  const chapterRows = Array.from({ length: chapterCount }, (_, i) => {
    const place = places[(i * 7919) % places.length]!;
    return {
      title: `${place.city} ${i}`,
      slug: `bench-chapter-${i}`,
      city: place.city,
      state: place.state,
      postalCode: place.zip,
      country: 'US',
      status: i % 10 === 9 ? 0 : 1,
      chapterTypeId: (i % 6) + 1,
      emailAlias: `bench${i}`,
      about: `<p>Chapter ${i} meets in ${place.city}.</p>`,
    };
  });
  const ids: { id: number; postalCode: string }[] = [];
  await insertBatches(chapterRows, 500, async (batch) => {
    ids.push(
      ...(await db
        .insert(chapters)
        .values(batch)
        .returning({ id: chapters.id, postalCode: chapters.postalCode })),
    );
  });

  const eventRows = ids.flatMap(({ id, postalCode }, i) => {
    const zip = zipcodes.lookup(postalCode);
    return Array.from({ length: SIZE.eventsPerChapter }, (_, k) => ({
      chapterId: id,
      name: `Bench Bar ${k}`,
      slug: `bench-event-${i}-${k}`,
      address1: `${100 + k} Main St`,
      city: zip?.city ?? 'Somewhere',
      state: zip?.state ?? '',
      postalCode,
      lat: zip?.latitude ?? 0,
      lng: zip?.longitude ?? 0,
      startTime: '19:00',
      endTime: '21:00',
      dayOfWeekIndex: (i + k) % 7,
      weeksOfMonthIndexes: String((i + k) % 8),
      isSingleDate: false,
    }));
  });
  await insertBatches(eventRows, 1000, (batch) => db.insert(chapterEvents).values(batch));

  const now = Date.now();
  const postRows = Array.from({ length: chapterCount * SIZE.postsPerChapter }, (_, i) => ({
    chapterId: ids[i % ids.length]!.id,
    userId: author!.id,
    title: `News ${i}`,
    body: `<p>What happened at meeting ${i}.</p>`,
    slug: `bench-post-${i}`,
    createdAt: new Date(now - (i % 720) * 3_600_000),
  }));
  await insertBatches(postRows, 2000, (batch) => db.insert(chapterBlogPosts).values(batch));
}

/**
 * What the admin dashboard reads beyond the public network: a host for every chapter, a built-in
 * mailing list of 20 contacts for each (named by its brontoListId) and an admin to ask. Answers
 * the admin's user id.
 */
export async function generateAdminData(db: Db): Promise<number> {
  const chapterIds = (await db.select({ id: chapters.id }).from(chapters)).map((c) => c.id);
  const hostRows = chapterIds.map((id) => ({
    name: `Bench Host ${id}`,
    email: `bench-host-${id}@example.org`,
    username: `bench-host-${id}@example.org`,
  }));
  const hostIds: number[] = [];
  await insertBatches(hostRows, 1000, async (batch) => {
    hostIds.push(
      ...(await db.insert(users).values(batch).returning({ id: users.id })).map((u) => u.id),
    );
  });
  await insertBatches(
    chapterIds.map((chapterId, i) => ({ userId: hostIds[i]!, roleId: 3, chapterId })),
    1000,
    (batch) => db.insert(permissions).values(batch),
  );
  const lists = await db
    .insert(mailingLists)
    .values(chapterIds.map((id) => ({ name: `Bench list ${id}` })))
    .returning({ id: mailingLists.id });
  for (let i = 0; i < chapterIds.length; i += 500) {
    await Promise.all(
      chapterIds.slice(i, i + 500).map((chapterId, k) =>
        db
          .update(chapters)
          .set({ brontoListId: String(lists[i + k]!.id) })
          .where(eq(chapters.id, chapterId)),
      ),
    );
  }
  const contacts = lists.flatMap((list) =>
    Array.from({ length: 20 }, (_, k) => ({
      listId: list.id,
      email: `member${k}-${list.id}@example.org`,
      status: k % 10 === 9 ? 'unsub' : 'active',
      unsubscribeToken: `bench-${list.id}-${k}`,
    })),
  );
  await insertBatches(contacts, 2000, (batch) => db.insert(mailingListContacts).values(batch));
  const [admin] = await db
    .insert(users)
    .values({
      name: 'Bench Admin',
      email: 'bench-admin@example.org',
      username: 'bench-admin@example.org',
    })
    .returning({ id: users.id });
  await db.insert(permissions).values({ userId: admin!.id, roleId: 1, chapterId: null });
  return admin!.id;
}

/** A chapter host (role 3) of the chapter named by `slug`: a signed-in visitor. Answers their id. */
export async function generateHost(db: Db, slug: string): Promise<number> {
  const [chapter] = await db
    .select({ id: chapters.id })
    .from(chapters)
    .where(eq(chapters.slug, slug));
  if (!chapter) throw new Error(`no chapter ${slug}`);
  const [host] = await db
    .insert(users)
    .values({
      name: `Host of ${slug}`,
      email: `host-${slug}@example.org`,
      username: `host-${slug}@example.org`,
    })
    .returning({ id: users.id });
  await db.insert(permissions).values({ userId: host!.id, roleId: 3, chapterId: chapter.id });
  return host!.id;
}
