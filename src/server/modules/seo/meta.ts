// What a search engine or a link preview sees of a public route before any script runs: its own
// <title>, description, canonical link, Open Graph tags and, for a chapter, schema.org Events.
// Everything is read as a visitor would see it: hidden chapters and non-public content are
// "not found" here whoever asks.
import type { Db } from '../../db/client';
import { stateName } from '../../../common/states';
import { CHAPTER_TYPE_SUFFIX, pageTitle } from '../../../common/constants';
import { HttpError } from '../../plugins/errors';
import { getChapterBySlug } from '../chapters/chapter';
import { getBlogPost, getPage, getWikiPage } from '../content/service';
import { chapterEventsJsonLd } from './jsonLd';

const DEFAULT_DESCRIPTION =
  'Living Liberally is a network of local social chapters: Drinking, Screening, Living, Laughing, ' +
  'Dining and Reading Liberally. Find a chapter near you or start one.';

export interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical URL; the site's public URL goes in front. */
  path: string;
  ogType: 'website' | 'article';
  noindex?: boolean;
  jsonLd?: object[];
}

/** Plain text of an HTML body, cut at a word near `max` characters. */
export function summarize(html: string, max = 160): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&[a-z]+;|&#\d+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 40 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

const page = (title: string, path: string, description = DEFAULT_DESCRIPTION): PageMeta => ({
  title: pageTitle(title),
  description,
  path,
  ogType: 'website',
});

const notFound = (path: string): PageMeta => ({ ...page('Not found', path), noindex: true });

interface Context {
  now: Date;
  publicUrl: string;
}

type Resolver = (db: Db, params: string[], context: Context) => Promise<PageMeta>;

async function contentPage(db: Db, slug: string, path: string): Promise<PageMeta> {
  const found = await getPage(db, null, slug);
  return page(found.title, path, summarize(found.body) || DEFAULT_DESCRIPTION);
}

const ROUTES: [RegExp, Resolver][] = [
  [/^\/$/, async () => page('', '/')],
  [/^\/about$/, (db) => contentPage(db, 'about', '/about')],
  [/^\/chapter_types$/, (db) => contentPage(db, 'chapter_types', '/chapter_types')],
  [/^\/page\/([^/]+)$/, (db, [slug]) => contentPage(db, slug!, `/page/${slug}`)],
  [
    /^\/blog\/([^/]+)$/,
    async (db, [slug]) => {
      const post = await getBlogPost(db, null, slug!);
      return { ...page(post.title, `/blog/${slug}`, summarize(post.body)), ogType: 'article' };
    },
  ],
  [
    /^\/wiki\/([^/]+)$/,
    async (db, [slug]) => {
      const wiki = await getWikiPage(db, null, slug!);
      return page(wiki.title, `/wiki/${slug}`, summarize(wiki.body) || DEFAULT_DESCRIPTION);
    },
  ],
  [/^\/press_mentions$/, async () => page('In the Press', '/press_mentions')],
  [/^\/intro_start_chapter$/, async () => page('Start a Chapter', '/intro_start_chapter')],
  [
    /^\/chapters\/([a-z]+)$/,
    async (_db, [state]) => {
      const name = stateName(state!);
      if (!name) return notFound(`/chapters/${state}`);
      return page(
        `Chapters in ${name}`,
        `/chapters/${state}`,
        `Living Liberally chapters in ${name}: find one near you, see when it meets and join its mailing list.`,
      );
    },
  ],
  [
    /^\/chapter\/([a-z]+)\/([^/]+)$/,
    async (db, [, slug], { publicUrl }) => {
      const chapter = await getChapterBySlug(db, null, slug!);
      const path = `/chapter/${chapter.state.toLowerCase()}/${chapter.slug}`;
      const typeName = `${chapter.chapter_type.name} ${CHAPTER_TYPE_SUFFIX}`;
      const where = [chapter.city, stateName(chapter.state) ?? chapter.state]
        .filter(Boolean)
        .join(', ');
      const description =
        summarize(chapter.about) ||
        `${typeName} ${chapter.displayTitle}: a local chapter in ${where}.`;
      return {
        ...page(`${typeName} ${chapter.displayTitle}`, path, description),
        jsonLd: chapterEventsJsonLd(chapter, publicUrl + path),
      };
    },
  ],
];

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part; // a malformed escape just matches nothing
  }
}

/** The meta of a path, or the site's defaults; a missing or hidden thing gives a noindex page. */
export async function pageMeta(db: Db, path: string, context: Context): Promise<PageMeta> {
  for (const [pattern, resolve] of ROUTES) {
    const match = pattern.exec(path);
    if (!match) continue;
    try {
      return await resolve(db, match.slice(1).map(safeDecode), context);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) return notFound(path);
      throw err;
    }
  }
  return page('', path);
}
