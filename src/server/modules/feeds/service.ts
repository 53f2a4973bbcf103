// The network's Atom feeds (issue 36): a chapter's posts and the network's blog, newest first,
// as a visitor reads them (a hidden chapter's feed is a 404, whoever asks: feed readers send no
// session, and the feed is kept as one answer for everyone).
import type { Db } from '../../db/client';
import { CHAPTER_TYPE_SUFFIX, SITE_NAME } from '../../../common/constants';
import { shows } from '../../caching/answerKeys';
import { displayTitle } from '../../core/summaries';
import { getChapterMeetings } from '../chapters';
import { listChapterPosts } from '../chapterPosts';
import { listPublicBlogPosts } from '../content';
import { atomFeed, type AtomEntry } from './atom';
import { BLOG_FEED_PATH, chapterFeedPath } from '../../../common/embedPaths';

export interface FeedText {
  atom: string;
  shows: string[];
}

const newest = (entries: readonly AtomEntry[], now: Date) =>
  entries.reduce((max, e) => (e.updated > max ? e.updated : max), '') || now.toISOString();

export async function chapterPostsFeed(
  db: Db,
  slug: string,
  publicUrl: string,
  now: Date,
): Promise<FeedText> {
  const { chapter, type } = await getChapterMeetings(db, null, slug, now);
  const { page, authorIds } = await listChapterPosts(db, null, chapter.id, 0);
  const pageUrl = `${publicUrl}/chapter/${chapter.state.toLowerCase()}/${chapter.slug}`;
  const name = `${type.name} ${CHAPTER_TYPE_SUFFIX} ${displayTitle(chapter)}`;
  const entries = page.posts.map((p) => ({
    id: `${pageUrl}#post-${p.id}`,
    title: p.title,
    url: `${pageUrl}#post-${p.slug}`,
    published: p.createdAt,
    updated: p.createdAt,
    author: p.user?.name ?? null,
    html: p.body,
  }));
  return {
    atom: atomFeed({
      self: `${publicUrl}${chapterFeedPath(chapter.slug)}`,
      page: pageUrl,
      title: `${name}: posts`,
      subtitle: `News from ${name}, a chapter of ${SITE_NAME}`,
      updated: newest(entries, now),
      author: name,
      entries,
    }),
    shows: shows.chapterPosts(chapter.id, authorIds),
  };
}

export async function blogFeed(db: Db, publicUrl: string, now: Date): Promise<FeedText> {
  const { posts } = await listPublicBlogPosts(db, 0);
  const entries = posts.map((p) => ({
    id: `${publicUrl}/blog/${p.slug}#${p.id}`,
    title: p.title,
    url: `${publicUrl}/blog/${p.slug}`,
    published: p.createdAt,
    updated: p.createdAt,
    author: p.user?.name ?? null,
    html: p.body,
  }));
  return {
    atom: atomFeed({
      self: `${publicUrl}${BLOG_FEED_PATH}`,
      page: `${publicUrl}/blog`,
      title: `${SITE_NAME}: blog`,
      updated: newest(entries, now),
      author: SITE_NAME,
      entries,
    }),
    shows: shows.content('blog'),
  };
}
