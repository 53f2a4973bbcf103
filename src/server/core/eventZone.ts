// The zone a chapter's meetings are in, read as the chapter answer reads it (first placed
// event). Here, below the modules, because the events and the RSVPs both judge dates by it.
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from './database';
import { chapterEvents } from '../db/schema';
import { chapterTimeZone } from './timezone';

export async function chapterZone(db: DbOrTx, chapter: { id: number; state: string }) {
  const places = await db
    .select({ lat: chapterEvents.lat, lng: chapterEvents.lng })
    .from(chapterEvents)
    .where(eq(chapterEvents.chapterId, chapter.id))
    .orderBy(asc(chapterEvents.id));
  return chapterTimeZone(chapter, places);
}
