// A large network for benchmarks: 2,000 chapters (one in ten hidden), 6,000 events, 20,000
// chapter posts, with believable cities and coordinates from the zipcodes gazetteer.
import zipcodes from 'zipcodes';
import type { Db } from '../src/server/db/client';
import { chapterBlogPosts, chapterEvents, chapters, users } from '../src/server/db/schema';

export const SIZE = { chapters: 2000, eventsPerChapter: 3, posts: 20_000 } as const;

const STATES = ['NY', 'CA', 'TX', 'IL', 'PA', 'OH', 'GA', 'NC', 'MI', 'WA', 'MA', 'CO', 'OR', 'MN'];

/** Inserts in batches: one statement per batch, never one per row. */
async function insertBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function generateLargeNetwork(db: Db): Promise<void> {
  const [author] = await db
    .insert(users)
    .values({
      name: 'Bench Author',
      email: 'bench-author@example.org',
      username: 'bench-author@example.org',
    })
    .returning({ id: users.id });
  const places = STATES.flatMap((state) => zipcodes.lookupByState(state).slice(0, 400));

  const chapterRows = Array.from({ length: SIZE.chapters }, (_, i) => {
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
  const postRows = Array.from({ length: SIZE.posts }, (_, i) => ({
    chapterId: ids[i % ids.length]!.id,
    userId: author!.id,
    title: `News ${i}`,
    body: `<p>What happened at meeting ${i}.</p>`,
    slug: `bench-post-${i}`,
    createdAt: new Date(now - (i % 720) * 3_600_000),
  }));
  await insertBatches(postRows, 2000, (batch) => db.insert(chapterBlogPosts).values(batch));
}
