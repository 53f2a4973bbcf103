// The map other sites frame (issue 36): `/embed/map?state=&type=`, the active chapters' pins and
// a key of their types. For a state the server picks the chapters and writes each pin's title,
// link and next meeting into the page as data; the frame's script (web/embed/mapFrame.ts) draws
// them with Leaflet, and without script the page lists the chapters as links. A state's pins
// outlive the answer's TTL as the widget's dates do (nextDatesMemo.ts). The network's map
// (no state) would write every chapter twice, several MB at 20,000 chapters: its script reads the
// home map's compact answer instead (GET /api/chapters/map, 135 KB gzip at that size), and
// without script it lists the states, each a link to that state's frame and its list.
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { chapters } from '../../db/schema';
import type { Db } from '../../db/client';
import { CHAPTER_TYPES, CHAPTER_TYPE_SUFFIX } from '../../../common/constants';
import { pinUrl } from '../../../common/pinImages';
import { meetingDay, text } from '../../../common/embedMarkup';
import { formatTime } from '../../../common/format';
import { embedStateSchema, embedTypeSchema } from '../../../common/schemas/embed';
import { stateName } from '../../../common/states';
import { shows } from '../../caching/answerKeys';
import { chapterState, displayTitle } from '../../core/summaries';
import { scopeTitle, scopeWhere, type ChaptersScope } from '../../core/chapterScope';
import { upcomingOf } from '../chapters';
import { chapterPath, scopeOf } from './service';
import { createDatesMemo, keptUntil, type DatesMemo, type KeptDates } from './nextDatesMemo';
import { forEachChapter, listedOf } from './scopeChapters';
import { safeJson } from '../../core/jsonInHtml';

export const mapQuerySchema = z.object({
  state: embedStateSchema.optional(),
  type: embedTypeSchema.optional(),
});
export type MapQuery = z.infer<typeof mapQuerySchema>;

export interface MapPinData {
  title: string;
  url: string;
  lat: number;
  lng: number;
  typeId: number;
  /** "Tue, Dec 1 · 7:00pm at The Dead Poet", when it has a next meeting. */
  next?: string;
}

export interface MapFrame {
  html: string;
  shows: string[];
}

type Site = { publicUrl: string; tileUrl: string; tileAttribution: string };

/**
 * The map's key, in the page: part of the first paint (the map itself starts after it), so a
 * phone shows something whole before Leaflet runs.
 */
function legend(typeIds: ReadonlySet<number>): string {
  return CHAPTER_TYPES.filter((t) => typeIds.has(t.id))
    .map(
      (t) =>
        `<li><img src="${text(pinUrl(t.id))}" width="20" height="20" alt="">${text(`${t.name} ${CHAPTER_TYPE_SUFFIX}`)}</li>`,
    )
    .join('');
}

/** The frame's page around its map: `data` for the script, `links` for a reader without it. */
function mapPage(
  title: string,
  site: Site,
  parts: {
    attrs: string;
    typeIds: ReadonlySet<number>;
    links: string;
    empty: boolean;
    data: string;
  },
): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${text(title)}</title><meta name="robots" content="noindex">` +
    // Opened alone (a link shared, a test), the browser asks for an icon: the site's, not a 404.
    '<link rel="icon" type="image/svg+xml" href="/favicon.svg">' +
    `<meta name="map-tile-url" content="${text(site.tileUrl)}">` +
    `<meta name="map-tile-attribution" content="${text(site.tileAttribution)}">` +
    '<link rel="stylesheet" href="/embed/map.css"></head>' +
    `<body><main class="map-frame"${parts.attrs}>` +
    `<h1 class="visually-hidden">${text(title)}</h1>` +
    // In the tab order: its focus, like a pointer over it, starts the live map (the first view
    // is a picture of it, web/embed/mapPoster.ts), whose pins come next in the order.
    `<div id="map" role="region" tabindex="0" aria-label="${text(`Map of ${title}`)}">` +
    // The picture's frame and the tiles' credit come in the page, so that the first paint is
    // whole; the script draws the tiles and pins into it. The credit is the site's setting, HTML
    // by design (a link), shown as Leaflet shows it.
    `<div class="map-poster"><div class="map-poster-attribution">${site.tileAttribution}</div></div></div>` +
    `<ul id="legend" class="legend" aria-label="Map key">${legend(parts.typeIds)}</ul>` +
    `<noscript><ul class="chapter-links">${parts.links}</ul></noscript>` +
    (parts.empty ? '<p class="empty">No chapters here yet.</p>' : '') +
    `</main>${parts.data}<script type="module" src="/embed/map.js"></script></body></html>`
  );
}

/** The network's map (of one type, or every one): its pins are the home map's answer. */
async function networkMap(db: Db, q: MapQuery, site: Site): Promise<MapFrame> {
  const scope = scopeOf(q);
  const rows = await db
    .selectDistinct({ state: chapters.state, typeId: chapters.chapterTypeId })
    .from(chapters)
    .where(scopeWhere(scope))
    .orderBy(asc(chapters.state));
  const states = [...new Set(rows.map((r) => chapterState(r.state)))];
  const type = q.type === undefined ? '' : `&type=${q.type}`;
  const links = states
    .map((abbr) => {
      const href = `/embed/map?state=${abbr.toLowerCase()}${type}`;
      return `<li><a href="${text(href)}">${text(stateName(abbr) ?? abbr)}</a></li>`;
    })
    .join('');
  const html = mapPage(scopeTitle(scope), site, {
    attrs: q.type === undefined ? '' : ` data-type="${q.type}"`,
    typeIds: new Set(rows.map((r) => r.typeId)),
    links,
    empty: states.length === 0,
    data: '',
  });
  return { html, shows: shows.allChapters() };
}

/** A state's pins (of one type, or every one), kept between the frame's builds. */
export interface StatePins {
  pins: MapPinData[];
  /** What they were worked out from (answerKeys.ts), which the frame shows. */
  shows: readonly string[];
}

/**
 * Works out a state's pins from every chapter of it with its events and exceptions, and until
 * when they hold (nextDatesMemo.ts `keptUntil`): a pin moves, or its next meeting's text
 * changes, when that meeting is over, and a meeting comes in only when a day turns somewhere.
 */
async function workOutPins(
  db: Db,
  state: string,
  scope: ChaptersScope,
  publicUrl: string,
  now: Date,
): Promise<KeptDates<StatePins>> {
  const pins: MapPinData[] = [];
  const ends: number[] = [];
  const rows = await forEachChapter(
    db,
    scopeWhere(scope),
    now,
    ({ chapter, type, events }, exceptions) => {
      const [next] = upcomingOf(chapter, events, now, 1, exceptions);
      const event = next && events.find((e) => e.id === next.eventId);
      // Over, it gives way to the following one: another text, maybe another place.
      if (next) ends.push(Date.parse(next.end));
      // A chapter is pinned where its next meeting is, or its first event when none is coming.
      const place = next ? event : events.find((e) => e.lat && e.lng);
      if (!place || !place.lat || !place.lng) return;
      pins.push({
        title: `${type.name} ${CHAPTER_TYPE_SUFFIX} ${displayTitle(chapter)}`,
        url: `${publicUrl}${chapterPath(chapter)}`,
        lat: place.lat,
        lng: place.lng,
        typeId: type.id,
        ...(next && event
          ? {
              next: `${meetingDay(next.date)} · ${formatTime(next.startTime ?? event.startTime)} at ${event.name}`,
            }
          : {}),
      });
    },
  );
  const from = shows.stateList(state, listedOf(rows));
  return { value: { pins, shows: from }, shows: from, until: keptUntil(now, ends) };
}

/**
 * The map frame `q` asks for. A state's pins come from `memo` (worked out again when they are
 * not kept): an answer's build between two changes is the page drawn from them.
 */
export async function mapFrame(
  db: Db,
  q: MapQuery,
  site: Site,
  now: Date,
  memo: DatesMemo<StatePins> = createDatesMemo(),
): Promise<MapFrame> {
  const { state } = q;
  if (state === undefined) return networkMap(db, q, site);
  const scope = scopeOf(q);
  const { pins, shows: from } = await memo.get(`${state}|${q.type ?? ''}`, now, () =>
    workOutPins(db, state, scope, site.publicUrl, now),
  );
  const links = pins
    .map(
      (p) =>
        `<li><a href="${text(p.url)}" target="_blank" rel="noopener">${text(p.title)}</a></li>`,
    )
    .join('');
  const html = mapPage(scopeTitle(scope), site, {
    attrs: ` data-state="${text(state)}"`,
    typeIds: new Set(pins.map((p) => p.typeId)),
    links,
    empty: pins.length === 0,
    data: `<script type="application/json" id="pins">${safeJson(pins)}</script>`,
  });
  return { html, shows: [...from] };
}
