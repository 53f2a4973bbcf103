// Adding, editing and deleting a chapter's events (spec 2 §2 Events, §7). Host-level access to
// the event's chapter. The server places the event on the map: when the address is new or
// changed it asks the gazetteer for coordinates; an address it cannot place gets 0,0 (no map).
import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapterEvents } from '../../db/schema';
import type { ChapterEventRow } from '../../db/schema';
import type { User } from '../../../common/schemas/auth';
import type { ChapterEvent } from '../../../common/schemas/chapters';
import type { eventSaveRequestSchema } from '../../../common/schemas/events';
import type { z } from 'zod';
import { fieldError, HttpError } from '../../core/httpError';
import { LIMITS } from '../../../common/constants';
import { slugify } from '../../core/slugify';
import { requireChapterHostAccess } from '../../core/access';
import { toEvent } from '../../core/summaries';
import { geocodeAddress } from '../geo';

type EventSave = z.infer<typeof eventSaveRequestSchema>;

const eventNotFound = () => new HttpError(404, 'Event not found.');

async function eventBySlug(db: Db, slug: string): Promise<ChapterEventRow> {
  const [row] = await db.select().from(chapterEvents).where(eq(chapterEvents.slug, slug)).limit(1);
  if (!row) throw eventNotFound();
  return row;
}

function placeOf(input: EventSave, previous: ChapterEventRow | null): { lat: number; lng: number } {
  const moved =
    !previous ||
    previous.address1 !== input.address1 ||
    previous.city !== input.city ||
    previous.state !== input.state ||
    previous.postalCode !== input.postalCode;
  if (previous && !moved) return { lat: previous.lat, lng: previous.lng };
  const place = geocodeAddress(input);
  return place ? { lat: place.lat, lng: place.lng } : { lat: 0, lng: 0 };
}

/**
 * An event is named by its slug; `id` comes along when a client sends the whole event as GET
 * answers it, and must then be that event's. Were it ignored, another chapter's event id with
 * one's own chapterId would quietly copy that event: an id that is not the saved event's, or
 * any id on a new event, is refused.
 */
function checkId(input: EventSave, previous: ChapterEventRow | null): void {
  if (input.id === undefined || input.id === previous?.id) return;
  throw fieldError(
    400,
    'body.id',
    previous
      ? 'This id is not the id of the event with this slug.'
      : 'A new event has no id; to edit an event, send its slug.',
  );
}

export async function saveEvent(db: Db, user: User, input: EventSave): Promise<ChapterEvent> {
  const previous = input.slug ? await eventBySlug(db, input.slug) : null;
  // Editing needs access to the event's own chapter, and moving it to the one named.
  if (previous) await requireChapterHostAccess(db, user, previous.chapterId);
  await requireChapterHostAccess(db, user, input.chapterId);
  checkId(input, previous);
  const values = {
    chapterId: input.chapterId,
    name: input.name,
    description: input.description,
    address1: input.address1,
    address2: input.address2,
    city: input.city,
    state: input.state,
    postalCode: input.postalCode,
    country: input.country,
    startTime: input.startTime,
    endTime: input.endTime,
    isSingleDate: input.isSingleDate,
    singleDate: input.isSingleDate ? (input.singleDate ?? null) : null,
    dayOfWeekIndex: input.dayOfWeekIndex,
    capacity: input.capacity,
    maxGuests: input.maxGuests,
    weeksOfMonthIndexes: [...new Set(input.weeksOfMonthIndexes.split(','))].sort().join(','),
    ...placeOf(input, previous),
  };
  if (previous && previous.chapterId === input.chapterId) {
    const [row] = await db
      .update(chapterEvents)
      .set(values)
      .where(eq(chapterEvents.id, previous.id))
      .returning();
    if (!row) throw eventNotFound();
    return toEvent(row);
  }
  // A new event, or one moved to another chapter: that chapter gains one. Its row is locked
  // while counting, so two saves at once cannot both take the last place.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from chapters where id = ${input.chapterId} for update`);
    const [held] = await tx
      .select({ n: count() })
      .from(chapterEvents)
      .where(eq(chapterEvents.chapterId, input.chapterId));
    if ((held?.n ?? 0) >= LIMITS.eventsPerChapter) {
      throw fieldError(
        400,
        'body.chapterId',
        `A chapter can have at most ${LIMITS.eventsPerChapter} events. Delete one it no longer holds first.`,
      );
    }
    if (previous) {
      const [row] = await tx
        .update(chapterEvents)
        .set(values)
        .where(eq(chapterEvents.id, previous.id))
        .returning();
      if (!row) throw eventNotFound();
      return toEvent(row);
    }
    const base = slugify(input.name) || 'event';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const slug = `${base}-${randomBytes(4).toString('hex')}`;
      const [row] = await tx
        .insert(chapterEvents)
        .values({ ...values, slug })
        .onConflictDoNothing({ target: chapterEvents.slug })
        .returning();
      if (row) return toEvent(row);
    }
    throw new Error('could not find a free event slug');
  });
}

export async function deleteEvent(db: Db, user: User, slug: string): Promise<void> {
  const event = await eventBySlug(db, slug);
  await requireChapterHostAccess(db, user, event.chapterId);
  await db.delete(chapterEvents).where(eq(chapterEvents.id, event.id));
}
