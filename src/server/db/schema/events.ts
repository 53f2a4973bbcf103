// A chapter's events and the dates that do not happen as their rule says.
// One area of the data model; index.ts gathers them for Drizzle and drizzle-kit.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { chapters } from './chapters';

export const chapterEvents = pgTable(
  'chapter_events',
  {
    id: serial('id').primaryKey(),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    address1: text('address1').notNull(),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').notNull().default('US'),
    lat: doublePrecision('lat').notNull().default(0),
    lng: doublePrecision('lng').notNull().default(0),
    // 'HH:MM', 24-hour, local to the chapter.
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    dayOfWeekIndex: integer('day_of_week_index').notNull().default(0),
    // Comma-separated recurrence option indexes (spec 1 §3), e.g. '1,3'.
    weeksOfMonthIndexes: text('weeks_of_month_indexes').notNull().default('0'),
    isSingleDate: boolean('is_single_date').notNull().default(false),
    singleDate: date('single_date', { mode: 'string' }),
    // RSVPs (issue 33): null takes everyone; past it, RSVPs join the waitlist.
    capacity: integer('capacity'),
    maxGuests: integer('max_guests').notNull().default(2),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chapter_events_slug_uq').on(t.slug),
    index('chapter_events_chapter_idx').on(t.chapterId),
    check('chapter_events_day_of_week', sql`${t.dayOfWeekIndex} between 0 and 6`),
    check('chapter_events_capacity', sql`${t.capacity} between 1 and 10000`),
    check('chapter_events_max_guests', sql`${t.maxGuests} between 0 and 10`),
    check(
      'chapter_events_single_date_present',
      sql`not ${t.isSingleDate} or ${t.singleDate} is not null`,
    ),
  ],
);
export type ChapterEventRow = typeof chapterEvents.$inferSelect;
export type NewChapterEventRow = typeof chapterEvents.$inferInsert;

// One date of a repeating event that does not happen as its rule says: cancelled (no moved-to
// date) or moved to another date and time. `date` is the date the rule gives, local to the
// chapter; an exception whose date the rule no longer gives is kept but has no effect.
export const chapterEventExceptions = pgTable(
  'chapter_event_exceptions',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => chapterEvents.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    movedToDate: date('moved_to_date', { mode: 'string' }),
    // 'HH:MM', 24-hour, local to the chapter; set exactly when movedToDate is.
    movedToStartTime: text('moved_to_start_time'),
    movedToEndTime: text('moved_to_end_time'),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chapter_event_exceptions_event_date_uq').on(t.eventId, t.date),
    index('chapter_event_exceptions_moved_idx').on(t.movedToDate),
    check(
      'chapter_event_exceptions_moved_complete',
      sql`(${t.movedToDate} is null) = (${t.movedToStartTime} is null) and (${t.movedToDate} is null) = (${t.movedToEndTime} is null)`,
    ),
  ],
);
export type ChapterEventExceptionRow = typeof chapterEventExceptions.$inferSelect;
