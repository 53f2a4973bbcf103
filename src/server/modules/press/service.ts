// Press mentions for reading: visible ones only, never those of a chapter hidden from the caller,
// newest first. Network-wide mentions (no chapter) are public once visible. The lists are read a
// page at a time (common/schemas/pressPages.ts): a chapter holds up to a hundred mentions, and a
// state or the network many more.
import { and, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapters, pressMentions } from '../../db/schema';
import type { PressMentionRow, ChapterRow } from '../../db/schema';
import type { User } from '../../../common/schemas/auth';
import type { PressMention } from '../../../common/schemas/chapters';
import type { PressPage } from '../../../common/schemas/pressPages';
import { chapterState, displayTitle } from '../../core/summaries';
import { chapterVisibleTo, visibleChapterOr404 } from '../../core/visibility';

export function toMention(row: PressMentionRow, chapter: ChapterRow | null): PressMention {
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
  { offset, limit }: PressPage,
): Promise<PressMention[]> {
  const rows = await db
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
    .orderBy(desc(pressMentions.createdAt), desc(pressMentions.id))
    .offset(offset)
    .limit(limit);
  return rows.map((r) => toMention(r.mention, r.chapter));
}

/** The network's and every chapter's (the home page shows the newest LIMITS.recentPressMentions). */
export function listPublicMentions(db: Db, user: User | null, page: PressPage) {
  return visibleMentions(db, user, undefined, page);
}

/** Mentions of chapters in `state` (an upper-case abbreviation; International takes ''). */
export function listStateMentions(db: Db, user: User | null, state: string, page: PressPage) {
  return visibleMentions(
    db,
    user,
    state === 'INT'
      ? or(eq(chapters.state, 'INT'), eq(chapters.state, ''))
      : eq(chapters.state, state),
    page,
  );
}

/** Mentions of one chapter; a chapter hidden from the caller is a 404, like a missing one. */
export async function listChapterMentions(
  db: Db,
  user: User | null,
  chapterId: number,
  page: PressPage,
) {
  await visibleChapterOr404(db, user, chapterId);
  return visibleMentions(db, user, eq(pressMentions.chapterId, chapterId), page);
}
