// What a search engine or a link preview sees of a public route before any script runs: its own
// <title>, description, canonical link, Open Graph tags and, for a chapter, schema.org Events.
// Everything is read as a visitor would see it: hidden chapters and non-public content are
// "not found" here whoever asks.
import type { Db } from '../../db/client';
import { placeName, placeNameInFull } from '../../../common/address';
import { stateName } from '../../../common/states';
import {
  CHAPTER_NOT_ACTIVE,
  CHAPTER_TYPE_SUFFIX,
  LIMITS,
  pageTitle,
} from '../../../common/constants';
import { key, shows } from '../../caching/answerKeys';
import { HttpError } from '../../core/httpError';
import type { Chapter } from '../../../common/schemas/chapters';
import type { EventPage } from '../../../common/schemas/eventDates';
import { pressPagePath } from '../../../common/pressPages';
import { getBlogPost, getPage, getWikiPage } from '../content';
import { chapterEventsJsonLd, eventPageJsonLd } from './jsonLd';
import { summarize } from './summarize';
import { typeCardPath } from '../../../common/embedPaths';
import { blogFeed, chapterAlternates, stateAlternates, type Alternate } from './alternates';

const DEFAULT_DESCRIPTION =
  'Living Liberally is a network of local social chapters: Drinking, Screening, Living, Laughing, ' +
  'Dining and Reading Liberally. Find a chapter near you or start one.';

export interface PageMeta {
  /** 404 for a thing that does not exist or is hidden from visitors (and unknown paths). */
  status: 200 | 404;
  /** The page's own h1, sent in the HTML's shell so the first paint is the page's frame. */
  heading?: string;
  /**
   * A screen that loads its list once the app runs (My Chapters): the shell shows the list's grey
   * shape under the heading at once, with these words for screen readers.
   */
  listPlaceholder?: string;
  title: string;
  description: string;
  /** Path of the canonical URL; the site's public URL goes in front. */
  path: string;
  ogType: 'website' | 'article';
  noindex?: boolean;
  jsonLd?: object[];
  /**
   * What the page shows, in caching/answerKeys.ts names: the server keeps each page ready and
   * forgets it when a write changes any of these. Undefined: any change forgets it.
   */
  shows?: readonly string[];
  /**
   * The API answers the page's first screen asks for (as the web app's screens ask: the same
   * paths). The HTML names them for preloading, so that a phone fetches them beside the app's
   * script rather than only once the script has run: one round trip less before the content.
   */
  preload?: readonly string[];
  /**
   * The answers the page carries, for a first screen drawn on the server (web/ssr): the screen
   * is in the HTML, and the app starts with these answers instead of asking for them.
   */
  embed?: readonly string[];
  /**
   * The picture a link preview shows (a path or a URL), at least 1200x630: the chapter's header
   * image or its type's card (issue 36). Absent: the preview has none.
   */
  image?: string;
  /**
   * What the page offers readers and other sites, named in its <head>: its feeds and calendars
   * (<link rel="alternate">) and, for a page with a frame, its oEmbed.
   */
  alternates?: readonly Alternate[];
}

/** The first page of a press list as its screen asks for it (features/chapter/PressMentionList). */
const firstPressPage = (path: string) => pressPagePath(path, 0, LIMITS.pressMentionsShown + 1);

/** For pages that show nothing a write can change. */
const FIXED: readonly string[] = [];

const page = (title: string, path: string, description = DEFAULT_DESCRIPTION): PageMeta => ({
  status: 200,
  heading: title || undefined,
  title: pageTitle(title),
  description,
  path,
  ogType: 'website',
});

export const NOT_FOUND_HEADINGS = {
  page: 'Page not found',
  chapter: 'Chapter not found',
  inactiveChapter: CHAPTER_NOT_ACTIVE,
  event: 'Event not found',
} as const;

const notFound = (path: string, what: keyof typeof NOT_FOUND_HEADINGS = 'page'): PageMeta => ({
  ...page('Not found', path),
  status: 404,
  heading: NOT_FOUND_HEADINGS[what],
  noindex: true,
});

/**
 * Screens of the web app whose answer the server does not look up (forms, signed-in screens):
 * a 200 with the default meta. Any other path the app does not know is a 404.
 */
const APP_ROUTES = [
  /^\/(signin|register_for_account|password_reset|settings|my_chapters|start_chapter)$/,
  /^\/my_chapter_host_applications(\/[^/]+)?$/,
  /^\/(password_verify|unsubscribe|email_change|confirm-subscription|rsvp|going)\/[^/]+$/,
  /^\/chapter\/[a-z]+\/[^/]+\/admin(\/.*)?$/,
  /^\/admin(\/.*)?$/,
];

interface Context {
  publicUrl: string;
  /**
   * The API's answer at `path` as a visitor gets it (kept, so the page's first screen finds it
   * ready); throws a 404 HttpError for one that is not there.
   */
  answer(path: string): Promise<unknown>;
}

type Resolver = (db: Db, params: string[], context: Context) => Promise<PageMeta>;

async function contentPage(db: Db, slug: string, path: string): Promise<PageMeta> {
  const found = await getPage(db, null, slug);
  return {
    ...page(found.title, path, summarize(found.body) || DEFAULT_DESCRIPTION),
    shows: shows.content('page'),
  };
}

const ROUTES: [RegExp, Resolver][] = [
  // Signed-in screens, drawn by the app with the user's own answers: their frame comes at once.
  [
    /^\/my_chapters$/,
    async () => ({
      ...page('My Chapters', '/my_chapters'),
      listPlaceholder: 'Loading your chapters...',
      shows: FIXED,
    }),
  ],
  [
    /^\/my_chapter_host_applications$/,
    async () => ({
      ...page('My Chapter Host Applications', '/my_chapter_host_applications'),
      listPlaceholder: 'Loading your applications...',
      shows: FIXED,
    }),
  ],
  [
    /^\/$/,
    async () => ({
      ...page('', '/'),
      heading: undefined,
      // features/home: the news, the callout and the press are in the page; the map's answer
      // (large, and drawn only by Leaflet) is fetched beside the script.
      embed: [
        '/api/blog_post/public/0',
        '/api/front_page',
        `/api/press_mention/public/${LIMITS.recentPressMentions}`,
      ],
      // The press names the chapters it is about.
      shows: [...shows.content('blog'), ...shows.frontPage(), key.allPress, key.allChapters],
      preload: ['/api/chapters/map'],
    }),
  ],
  [/^\/about$/, (db) => contentPage(db, 'about', '/about')],
  [/^\/chapter_types$/, (db) => contentPage(db, 'chapter_types', '/chapter_types')],
  [/^\/page\/([^/]+)$/, (db, [slug]) => contentPage(db, slug!, `/page/${slug}`)],
  [
    /^\/blog$/,
    async () => ({
      ...page('Blog', '/blog'),
      embed: ['/api/blog_post/public/0'],
      alternates: [blogFeed],
      shows: shows.content('blog'),
    }),
  ],
  [
    /^\/blog\/([^/]+)$/,
    async (db, [slug]) => {
      const post = await getBlogPost(db, null, slug!);
      return {
        ...page(post.title, `/blog/${slug}`, summarize(post.body)),
        ogType: 'article',
        shows: shows.content('blog'),
      };
    },
  ],
  [
    /^\/wiki\/([^/]+)$/,
    async (db, [slug]) => {
      const wiki = await getWikiPage(db, null, slug!);
      return {
        ...page(wiki.title, `/wiki/${slug}`, summarize(wiki.body) || DEFAULT_DESCRIPTION),
        shows: shows.content('wiki'),
      };
    },
  ],
  [
    /^\/press_mentions$/,
    async () => ({ ...page('In the Press', '/press_mentions'), shows: FIXED }),
  ],
  [
    /^\/intro_start_chapter$/,
    async () => ({ ...page('Start a Chapter', '/intro_start_chapter'), shows: FIXED }),
  ],
  [
    /^\/chapters\/([a-z]+)$/,
    async (_db, [state], { publicUrl }) => {
      const name = stateName(state!);
      if (!name) return { ...notFound(`/chapters/${state}`), shows: FIXED };
      return {
        ...page(
          `Chapters in ${name}`,
          `/chapters/${state}`,
          `Living Liberally chapters in ${name}: find one near you, see when it meets and join its mailing list.`,
        ),
        // The screen's own h1 (the tab's title says "Chapters in").
        heading: name,
        image: typeCardPath(0),
        alternates: stateAlternates(publicUrl, `/chapters/${state}`, state!, name),
        // features/state/StatePage.tsx. Any chapter's change may move it in or out of the
        // state's list, or change its line there.
        embed: [
          `/api/chapters/state/${state}`,
          firstPressPage(`/api/press_mention/public/state/${state}`),
        ],
        shows: [key.allChapters, key.state(state!), key.allPress],
      };
    },
  ],
  [
    /^\/chapter\/([a-z]+)\/([^/]+)$/,
    async (_db, [, slug], { publicUrl, answer }) => {
      // The API's own answer, which the page's first screen carries too: built once for both.
      const read = `/api/chapter/slug/${encodeURIComponent(slug!)}`;
      const chapter = (await answer(read)) as Chapter;
      const path = `/chapter/${chapter.state.toLowerCase()}/${chapter.slug}`;
      const typeName = `${chapter.chapter_type.name} ${CHAPTER_TYPE_SUFFIX}`;
      const where = placeNameInFull(chapter);
      const description =
        summarize(chapter.about) ||
        `${typeName} ${chapter.displayTitle}: a local chapter in ${where}.`;
      return {
        ...page(`${typeName} ${chapter.displayTitle}`, path, description),
        heading: chapter.displayTitle,
        jsonLd: chapterEventsJsonLd(chapter, publicUrl + path),
        image: chapter.headerImageUrl ?? typeCardPath(chapter.chapterTypeId),
        alternates: chapterAlternates(publicUrl, path, chapter),
        // Its links, posts and press are the chapter's parts: their writes forget the chapter.
        shows: shows.chapter(chapter),
        // features/chapter/ChapterPage.tsx and the parts it shows at once.
        embed: [
          read,
          `/api/chapter_link/chapter/${chapter.id}`,
          `/api/chapter_blog_post/public/${chapter.id}/0`,
          firstPressPage(`/api/press_mention/chapter/${chapter.id}/public`),
        ],
      };
    },
  ],
  [
    /^\/chapter\/([a-z]+)\/([^/]+)\/events\/([^/]+)$/,
    async (_db, [, chapterSlug, eventSlug], { publicUrl, answer }) => {
      // The API's own answer, which the page's first screen carries too (as a chapter's).
      const read = `/api/chapter_event/slug/${encodeURIComponent(eventSlug!)}/page`;
      const event = (await answer(read)) as EventPage;
      const { chapter } = event;
      if (chapter.slug !== chapterSlug) throw new HttpError(404, 'Event not found.');
      const chapterPath = `/chapter/${chapter.state.toLowerCase()}/${chapter.slug}`;
      const path = `${chapterPath}/events/${event.slug}`;
      const typeName = `${chapter.chapter_type.name} ${CHAPTER_TYPE_SUFFIX}`;
      const place = [event.address1, placeName(event)].filter(Boolean).join(', ');
      const description = `${typeName} ${chapter.displayTitle} meets at ${event.name}, ${place}. ${event.schedule}.`;
      // The page carries its chapter's join box and hosts (issue 35): the chapter's own answer.
      const chapterRead = `/api/chapter/slug/${encodeURIComponent(chapter.slug)}`;
      const withHosts = (await answer(chapterRead)) as Chapter;
      // The chapter and the place, as its heading says: 'Drinking Liberally Upper West Side at
      // The Dead Poet' (issue 35).
      const name = `${typeName} ${chapter.displayTitle} at ${event.name}`;
      return {
        ...page(name, path, description),
        heading: name,
        jsonLd: eventPageJsonLd(event, publicUrl + path, publicUrl + chapterPath),
        image: typeCardPath(chapter.chapter_type.id),
        alternates: chapterAlternates(publicUrl, path, chapter),
        shows: [...new Set([...shows.event(event.slug, chapter.id), ...shows.chapter(withHosts)])],
        // features/event/EventPage.tsx: the event's answer, and its chapter's for the join box
        // and the host card.
        embed: [read, chapterRead],
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

/** What could make a missing thing at this path appear: a chapter or event saved, or content. */
function missingShows(path: string): readonly string[] | undefined {
  if (/^\/chapter\//.test(path)) return [key.allChapters];
  if (/^\/blog\//.test(path)) return shows.content('blog');
  if (/^\/wiki\//.test(path)) return shows.content('wiki');
  if (/^\/(about|chapter_types|page\/[^/]+)$/.test(path)) return shows.content('page');
  return undefined;
}

/** What a missing thing at this path is, for its not-found heading; `message`: the 404's. */
function missingKind(path: string, message: string): keyof typeof NOT_FOUND_HEADINGS {
  if (/^\/chapter\/[^/]+\/[^/]+\/events\//.test(path)) return 'event';
  // A hidden chapter says it is not active (spec 1 §2), in the page's frame as on its screen.
  if (/^\/chapter\//.test(path))
    return message === CHAPTER_NOT_ACTIVE ? 'inactiveChapter' : 'chapter';
  return 'page';
}

/**
 * The meta of a path, or the site's defaults; a missing or hidden thing, or a path the app does
 * not know, gives a noindex 404 page.
 */
export async function pageMeta(db: Db, path: string, context: Context): Promise<PageMeta> {
  for (const [pattern, resolve] of ROUTES) {
    const match = pattern.exec(path);
    if (!match) continue;
    try {
      return await resolve(db, match.slice(1).map(safeDecode), context);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404)
        return { ...notFound(path, missingKind(path, err.message)), shows: missingShows(path) };
      throw err;
    }
  }
  if (APP_ROUTES.some((route) => route.test(path)))
    return { ...page('', path), heading: undefined, shows: FIXED };
  return { ...notFound(path), shows: FIXED };
}
