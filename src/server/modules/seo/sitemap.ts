// /sitemap.xml: every public page a search engine should know: the fixed public screens, each
// state with an active chapter, each active chapter and its events' pages, public blog posts,
// pages and wiki pages.
import { and, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  blogPosts,
  chapterBlogPosts,
  chapterEvents,
  chapters,
  pages,
  wikiPages,
} from '../../db/schema';
import { CHAPTER_STATUS } from '../../../common/constants';

export interface SitemapEntry {
  path: string;
  lastModified?: Date | null;
}

const FIXED = ['/', '/about', '/chapter_types', '/press_mentions', '/intro_start_chapter', '/blog'];

export async function sitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const active = eq(chapters.status, CHAPTER_STATUS.active);
  const [chapterRows, posts, pageRows, wikiRows, eventRows] = await Promise.all([
    db
      .select({
        slug: chapters.slug,
        state: chapters.state,
        updatedAt: chapters.updatedAt,
        lastPost: max(chapterBlogPosts.createdAt),
      })
      .from(chapters)
      .leftJoin(chapterBlogPosts, eq(chapterBlogPosts.chapterId, chapters.id))
      .where(active)
      .groupBy(chapters.id),
    db
      .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .where(eq(blogPosts.isPublic, true)),
    db
      .select({ slug: pages.slug, updatedAt: pages.updatedAt })
      .from(pages)
      .where(eq(pages.isPublic, true)),
    db
      .select({ slug: wikiPages.slug, updatedAt: wikiPages.updatedAt })
      .from(wikiPages)
      .where(and(eq(wikiPages.isPublic, true))),
    db
      .select({
        slug: chapterEvents.slug,
        chapterSlug: chapters.slug,
        state: chapters.state,
        updatedAt: chapterEvents.updatedAt,
      })
      .from(chapterEvents)
      .innerJoin(chapters, eq(chapters.id, chapterEvents.chapterId))
      .where(active),
  ]);
  const states = [...new Set(chapterRows.map((c) => c.state.toLowerCase()))].sort();
  const later = (a: Date, b: Date | null) => (b && b > a ? b : a);
  return [
    ...FIXED.map((path) => ({ path })),
    ...states.map((s) => ({ path: `/chapters/${s}` })),
    ...chapterRows.map((c) => ({
      path: `/chapter/${c.state.toLowerCase()}/${c.slug}`,
      lastModified: later(c.updatedAt, c.lastPost),
    })),
    ...eventRows.map((e) => ({
      path: `/chapter/${e.state.toLowerCase()}/${e.chapterSlug}/events/${e.slug}`,
      lastModified: e.updatedAt,
    })),
    ...posts.map((p) => ({ path: `/blog/${p.slug}`, lastModified: p.updatedAt })),
    ...pageRows.map((p) => ({ path: `/page/${p.slug}`, lastModified: p.updatedAt })),
    ...wikiRows.map((p) => ({ path: `/wiki/${p.slug}`, lastModified: p.updatedAt })),
  ];
}

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

export function sitemapXml(publicUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const lastmod = e.lastModified
      ? `<lastmod>${e.lastModified.toISOString().slice(0, 10)}</lastmod>`
      : '';
    return `  <url><loc>${escapeXml(publicUrl + encodeURI(e.path))}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
