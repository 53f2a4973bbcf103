// Uploaded images, as bytes in the database: every app server serves them, one backup holds
// them (docs/decisions/02-operation.md). One area of the data model; index.ts gathers them.
import { sql } from 'drizzle-orm';
import { check, customType, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** PostgreSQL's bytea as a Buffer, whichever driver (pg hands a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * An image by its content: the SHA-256 of its bytes (hex) names it, so a URL that carries the
 * hash names those bytes for ever, and the same image uploaded twice is one row.
 */
export const images = pgTable(
  'images',
  {
    hash: text('hash').primaryKey(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('images_hash_ck', sql`${t.hash} ~ '^[0-9a-f]{64}$'`),
    check('images_size_ck', sql`${t.size} = octet_length(${t.bytes})`),
  ],
);
export type ImageRow = typeof images.$inferSelect;

/**
 * Where an image is shown: a slot ('chapter_header_12', 'front_page', the names the files had
 * under DATA_DIR/uploads) names one image. Upload points the slot at the new image; delete
 * removes the slot. Images no slot names stay: their URLs were handed out as immutable.
 */
export const imageSlots = pgTable('image_slots', {
  slot: text('slot').primaryKey(),
  hash: text('hash')
    .notNull()
    .references(() => images.hash, { onDelete: 'restrict' }),
  updatedAt: updatedAt(),
});
export type ImageSlotRow = typeof imageSlots.$inferSelect;
