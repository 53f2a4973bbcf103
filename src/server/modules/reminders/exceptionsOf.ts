// One event's skipped and moved dates that can still matter.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/database';
import { chapterEvents } from '../../db/schema';
import { loadExceptions } from '../../core/exceptions';
import type { DateException } from '../../../common/recurrence';

export async function loadExceptionsOf(
  db: DbOrTx,
  eventId: number,
  now: Date,
): Promise<readonly DateException[]> {
  return (await loadExceptions(db, eq(chapterEvents.id, eventId), now)).get(eventId) ?? [];
}
