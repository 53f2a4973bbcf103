// Where the active chapters meet: the search ranks places of one name by nearness to these.
import { and, eq, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapterEvents, chapters } from '../../db/schema';
import { CHAPTER_STATUS } from '../../../common/constants';
import type { LatLng } from '../../../common/geo';

export async function chapterPlaces(db: Db): Promise<LatLng[]> {
  return db
    .selectDistinct({ lat: chapterEvents.lat, lng: chapterEvents.lng })
    .from(chapterEvents)
    .innerJoin(chapters, eq(chapters.id, chapterEvents.chapterId))
    .where(
      and(
        eq(chapters.status, CHAPTER_STATUS.active),
        or(ne(chapterEvents.lat, 0), ne(chapterEvents.lng, 0)),
      ),
    );
}
