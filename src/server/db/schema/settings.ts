// Site-wide settings edited by admins.
// One area of the data model; index.ts gathers them for Drizzle and drizzle-kit.
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';

/** Site-wide settings edited by admins: 'frontPage' ({ imageLinkURL }), 'emailService' ... */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
export type SettingRow = typeof settings.$inferSelect;
