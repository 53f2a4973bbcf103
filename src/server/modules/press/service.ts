// Press mentions for reading: visible ones only, never those of a chapter hidden from the caller,
// newest first. Network-wide mentions (no chapter) are public once visible.
import { and, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapters, pressMentions } from '../../db/schema';
import type { User } from '../../../common/schemas/auth';
import type { PressMention } from '../../../common/schemas/chapters';
import { chapterState, displayTitle } from '../chapters/summaries';
import { chapterVisibleTo, visibleChapterOr404 } from '../chapters/visibility';

type MentionRow = typeof pressMentions.$inferSelect;
type ChapterRow = typeof chapters.$inferSelect;

export function toMention(row: MentionRow, chapter: ChapterRow | null): PressMention {
  return {
    id: row.id,
    title: row.title,
    url: row.url,
    notes: row.notes,
    slug: row.slug,
    createdAt: row.createdAt.toISOString(),
    isVisible: row.isVisible,
    chapterId: row.chapterId,
    chapter: chapter && {
      id: chapter.id,
      title: chapter.title,
      displayTitle: displayTitle(chapter),
      slug: chapter.slug,
      state: chapterState(chapter.state),
    },
  };
}

async function visibleMentions(
  db: Db,
  user: User | null,
  where: SQL | undefined,
  limit?: number,
): Promise<PressMention[]> {
  const query = db
    .select({ mention: pressMentions, chapter: chapters })
    .from(pressMentions)
    .leftJoin(chapters, eq(chapters.id, pressMentions.chapterId))
    .where(
      and(
        eq(pressMentions.isVisible, true),
        or(isNull(pressMentions.chapterId), chapterVisibleTo(user)),
        where,
      ),
    )
    .orderBy(desc(pressMentions.createdAt), desc(pressMentions.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((r) => toMention(r.mention, r.chapter));
}

/** The newest `count` (the home page shows LIMITS.recentPressMentions), or all when undefined. */
export function listPublicMentions(db: Db, user: User | null, count?: number) {
  return visibleMentions(db, user, undefined, count);
}

/** Mentions of chapters in `state` (an upper-case abbreviation; International takes ''). */
export function listStateMentions(db: Db, user: User | null, state: string) {
  return visibleMentions(
    db,
    user,
    state === 'INT'
      ? or(eq(chapters.state, 'INT'), eq(chapters.state, ''))
      : eq(chapters.state, state),
  );
}

/** Mentions of one chapter; a chapter hidden from the caller is a 404, like a missing one. */
export async function listChapterMentions(db: Db, user: User | null, chapterId: number) {
  await visibleChapterOr404(db, user, chapterId);
  return visibleMentions(db, user, eq(pressMentions.chapterId, chapterId));
}
