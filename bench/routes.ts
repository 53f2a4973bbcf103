// Every route of issue 13's table (and issue 36's embeds), in the traffic shapes the site gets: one URL repeated by many
// visitors, 1,000 chapters' URLs in rotation (no answer cache can hold them all), a signed-in
// chapter host (whose answers are never shared), and one connection for the latency a single
// visitor sees (p99).
import { existsSync, readFileSync } from 'node:fs';
import type { NetworkFacts } from './network';
import { chapterFramePath, MAP_FRAME_PATH, stateFramePath } from '../src/common/embedPaths';

export interface BenchRoute {
  name: string;
  paths: string[];
  /** Whose session cookie goes with each request: none for a visitor. */
  session: 'host' | 'admin' | null;
  connections: number;
}

export const CONNECTIONS = 50;

/** The entry script of the built web app (dist/web in the current directory), if built. */
export function entryScript(webDir = 'dist/web'): string | null {
  const index = `${webDir}/index.html`;
  if (!existsSync(index)) return null;
  // Named by the script tag's src, or by its data-entry when a small loader starts the app after
  // the first paint (scripts/app-after-paint.ts).
  return (
    /<script[^>]+(?:src|data-entry)="(\/assets\/index-[^"]+\.js)"/.exec(
      readFileSync(index, 'utf8'),
    )?.[1] ?? null
  );
}

/**
 * `script`: the web app's entry script (null: not built, so no page or static rows).
 * `mapRoute`: the app also has GET /api/chapters/map (the home map's own answer, issue 13).
 */
export function benchRoutes(
  facts: NetworkFacts,
  script: string | null,
  mapRoute: boolean,
): BenchRoute[] {
  const { chapter, eventSlug, rotated } = facts;
  const visitor = (name: string, paths: string[], connections = CONNECTIONS): BenchRoute => ({
    name,
    paths,
    session: null,
    connections,
  });
  const host = (name: string, path: string): BenchRoute => ({
    name,
    paths: [path],
    session: 'host',
    connections: CONNECTIONS,
  });
  const chapterRead = `/api/chapter/slug/${chapter.slug}`;
  const stateList = `/api/chapters/state/${chapter.state}`;
  const chapterPage = `/chapter/${chapter.state}/${chapter.slug}`;
  const statePage = `/chapters/${chapter.state.toLowerCase()}`;
  const n = rotated.length;
  return [
    visitor('chapter read by slug', [chapterRead]),
    visitor(`state list (${chapter.state})`, [stateList]),
    visitor('home map: chapters/active', ['/api/chapters/active']),
    ...(mapRoute ? [visitor('home map: chapters/map', ['/api/chapters/map'])] : []),
    visitor('chapter posts, page 0', [`/api/chapter_blog_post/public/${chapter.id}/0`]),
    visitor('event by slug', [`/api/chapter_event/slug/${eventSlug}`]),
    visitor('chapter .ics calendar', [`/api/chapter_calendar/${chapter.slug}/events.ics`]),
    // Other sites' pages (issue 36): the widget's list and the frames, each repeated as a
    // partner's page is read by its own visitors. They are drawn on the server, built app or not.
    visitor('embed: widget, chapter', [`/api/embed/events?chapter=${chapter.slug}&limit=3`]),
    visitor(`embed: widget, state (${chapter.state})`, [
      `/api/embed/events?state=${chapter.state}`,
    ]),
    visitor('embed: chapter frame', [chapterFramePath(chapter.slug)]),
    visitor(`embed: state frame (${chapter.state})`, [stateFramePath(chapter.state)]),
    visitor(`embed: map frame (${chapter.state})`, [`${MAP_FRAME_PATH}?state=${chapter.state}`]),
    visitor('embed: map frame, whole network', [MAP_FRAME_PATH]),
    ...(script
      ? [
          visitor('chapter page HTML', [chapterPage]),
          // Its first screen drawn on the server (web/ssr): the whole list of the state's chapters.
          visitor(`state page HTML (${chapter.state})`, [statePage]),
          visitor('static entry script (index-*.js)', [script]),
        ]
      : []),
    visitor(
      `chapter read, ${n} rotated`,
      rotated.map((c) => `/api/chapter/slug/${c.slug}`),
    ),
    host('host: own chapter read', chapterRead),
    host(`host: state list (${chapter.state})`, stateList),
    // A few admins at once, not a crowd (docs/decisions/09-site-admin.md, the admin dashboard).
    { name: 'admin dashboard', paths: ['/api/admin/dashboard'], session: 'admin', connections: 2 },
    visitor(`1 conn: state list (${chapter.state})`, [stateList], 1),
    visitor(
      `1 conn: chapter read, ${n} rotated`,
      rotated.map((c) => `/api/chapter/slug/${c.slug}`),
      1,
    ),
    ...(script
      ? [
          visitor(`1 conn: state page HTML (${chapter.state})`, [statePage], 1),
          visitor(
            `1 conn: chapter page HTML, ${n} rotated`,
            rotated.map((c) => `/chapter/${c.state}/${c.slug}`),
            1,
          ),
        ]
      : []),
  ];
}
