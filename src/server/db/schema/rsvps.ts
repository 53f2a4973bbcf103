// "I'm going" (issue 33): RSVPs to one date of an event, and what happened at the door.
// A date is the date the event's rule gives (chapter_event_exceptions.date), never the date a
// host moved it to: a moved meeting keeps its RSVPs without a row changing, and a skipped one
// keeps them recorded (docs/decisions/21-rsvps.md).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { chapterEvents } from './events';

export const RSVP_STATUSES = ['unconfirmed', 'going', 'waitlisted', 'cancelled'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

export const rsvps = pgTable(
  'rsvps',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => chapterEvents.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    guests: integer('guests').notNull().default(0),
    status: text('status', { enum: RSVP_STATUSES }).notNull().default('unconfirmed'),
    // A visitor's change to an RSVP already counted waits for the link in its mail, so that
    // knowing someone's address is not enough to change what they said.
    pendingName: text('pending_name'),
    pendingGuests: integer('pending_guests'),
    // Set when an account made it (the RSVP counted at once); kept if the account goes.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // When it counted (going or waitlisted): the waitlist's order.
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    checkedIn: boolean('checked_in').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('rsvps_event_date_email_uq').on(t.eventId, t.date, sql`lower(${t.email})`),
    index('rsvps_event_date_status_idx').on(t.eventId, t.date, t.status),
    index('rsvps_user_idx').on(t.userId),
    index('rsvps_email_idx').on(sql`lower(${t.email})`),
    check('rsvps_status', sql`${t.status} in ('unconfirmed', 'going', 'waitlisted', 'cancelled')`),
    check('rsvps_guests', sql`${t.guests} between 0 and 10`),
  ],
);
export type RsvpRow = typeof rsvps.$inferSelect;

// The links mailed for an RSVP: each mail carries a new one (only hashes are kept, so an old
// link cannot be mailed again), and every one stays good for its own RSVP and no other.
export const rsvpTokens = pgTable(
  'rsvp_tokens',
  {
    // SHA-256 of the link's token: a leaked table confirms or cancels nothing.
    tokenHash: text('token_hash').primaryKey(),
    rsvpId: integer('rsvp_id')
      .notNull()
      .references(() => rsvps.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('rsvp_tokens_rsvp_idx').on(t.rsvpId)],
);

// One row per date that has RSVPs or a count at the door. RSVPs to a date take this row's lock
// (SELECT ... FOR UPDATE), so two app servers placing the last place at once take turns.
export const rsvpDates = pgTable(
  'rsvp_dates',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => chapterEvents.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    walkIns: integer('walk_ins').notNull().default(0),
    // Saved by the host at the door: checked-in people (with their guests) plus walk-ins.
    attended: integer('attended'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'rsvp_dates_pk', columns: [t.eventId, t.date] }),
    check('rsvp_dates_walk_ins', sql`${t.walkIns} >= 0`),
  ],
);
export type RsvpDateRow = typeof rsvpDates.$inferSelect;
