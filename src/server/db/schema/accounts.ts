// People and what they may do: users, their sign-ins and tokens, roles, rate limits and the notes admins keep on users.
// One area of the data model; index.ts gathers them for Drizzle and drizzle-kit.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    // The spec's registration sets username equal to the email; kept for the API's shape.
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Emails are unique without regard to case.
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_name_idx').on(t.name),
    index('users_created_at_idx').on(t.createdAt),
  ],
);
export type UserRow = typeof users.$inferSelect;

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 of the cookie's token: a leaked table does not sign anyone in.
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);
export type SessionRow = typeof sessions.$inferSelect;

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);
export type PasswordResetTokenRow = typeof passwordResetTokens.$inferSelect;

// A change of email asked for in Your Settings: it takes effect only when the link mailed to
// `newEmail` is opened. Like reset links: only the token's hash is kept, single use, expiring.
export const emailChangeTokens = pgTable(
  'email_change_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_change_tokens_user_idx').on(t.userId)],
);
export type EmailChangeTokenRow = typeof emailChangeTokens.$inferSelect;

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});
export type RoleRow = typeof roles.$inferSelect;

/** Rate-limit counters live in the database so that every app server shares them. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
export type RateLimitRow = typeof rateLimits.$inferSelect;

export const userNotes = pgTable(
  'user_notes',
  {
    id: serial('id').primaryKey(),
    aboutUserId: integer('about_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_notes_about_created_idx').on(t.aboutUserId, t.createdAt.desc())],
);
export type UserNoteRow = typeof userNotes.$inferSelect;
