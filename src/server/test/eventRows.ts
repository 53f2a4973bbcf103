// A chapter's event as the read tests need one (the embeds, the lists' next meetings): a row with
// an address and times, inserted straight into the table, the rest of its fields the test's own.
import { chapterEvents, type ChapterEventRow, type NewChapterEventRow } from '../db/schema';
import { uniqueSlug, type TestApp } from './chapterAdminWorld';

export async function insertEvent(
  t: TestApp,
  chapterId: number,
  values: Partial<NewChapterEventRow> = {},
): Promise<ChapterEventRow> {
  const [row] = await t.db
    .insert(chapterEvents)
    .values({
      chapterId,
      name: 'Pencil Factory',
      slug: uniqueSlug('meet'),
      address1: '142 Franklin St',
      city: 'Brooklyn',
      state: 'NY',
      startTime: '19:00',
      endTime: '21:00',
      ...values,
    })
    .returning();
  if (!row) throw new Error('insert returned no event');
  return row;
}

/** The weekly event: Thursdays 6-8pm at the Pencil Factory, Brooklyn (or as `values` say). */
export const insertWeeklyEvent = (
  t: TestApp,
  chapterId: number,
  values: Partial<NewChapterEventRow> = {},
): Promise<ChapterEventRow> =>
  insertEvent(t, chapterId, {
    postalCode: '11222',
    lat: 40.7297,
    lng: -73.9576,
    startTime: '18:00',
    endTime: '20:00',
    dayOfWeekIndex: 4,
    weeksOfMonthIndexes: '0',
    ...values,
  });

/** An event that meets once, on `date` ('YYYY-MM-DD', the chapter's own day). */
export const onDate = (date: string, startTime = '19:00', endTime = '21:00') => ({
  isSingleDate: true,
  singleDate: date,
  startTime,
  endTime,
});
