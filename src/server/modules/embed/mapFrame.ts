// The map other sites frame (issue 36): `/embed/map?state=&type=`, the active chapters' pins and
// a key of their types. The server picks the chapters and writes each pin's title, link and next
// meeting into the page as data; the frame's script (web/embed/mapFrame.ts) draws them with
// Leaflet. Without script the page still lists the chapters as links.
import { z } from 'zod';
import type { Db } from '../../db/client';
import { CHAPTER_TYPE_SUFFIX } from '../../../common/constants';
import { meetingDay, text } from '../../../common/embedMarkup';
import { formatTime } from '../../../common/format';
import { embedStateSchema, embedTypeSchema } from '../../../common/schemas/embed';
import { shows } from '../../caching/answerKeys';
import { loadExceptions } from '../../core/exceptions';
import { displayTitle, summariesQuery } from '../../core/summaries';
import { scopeTitle, scopeWhere } from '../../core/chapterScope';
import { nextEventOf, slicePauses } from '../chapters';
import { chapterPath, scopeOf } from './service';
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

export async function mapFrame(
  db: Db,
  q: MapQuery,
  site: { publicUrl: string; tileUrl: string; tileAttribution: string },
  now: Date,
): Promise<MapFrame> {
  const where = scopeWhere(scopeOf(q));
  const [rows, exceptions] = await Promise.all([
    summariesQuery(db, { where }),
    loadExceptions(db, where, now),
  ]);
  const pause = slicePauses();
  const pins: MapPinData[] = [];
  for (const { chapter, type, events } of rows) {
    const next = nextEventOf(chapter, events, now, exceptions);
    // A chapter is pinned where its next meeting is, or its first event when none is coming.
    const place = next ?? events.find((e) => e.lat && e.lng);
    if (!place || !place.lat || !place.lng) continue;
    pins.push({
      title: `${type.name} ${CHAPTER_TYPE_SUFFIX} ${displayTitle(chapter)}`,
      url: `${site.publicUrl}${chapterPath(chapter)}`,
      lat: place.lat,
      lng: place.lng,
      typeId: type.id,
      ...(next
        ? {
            next: `${meetingDay(next.date)} · ${formatTime(next.startTime)} at ${next.name}`,
          }
        : {}),
    });
    await pause();
  }
  const title = scopeTitle(scopeOf(q));
  const list = pins
    .map(
      (p) =>
        `<li><a href="${text(p.url)}" target="_blank" rel="noopener">${text(p.title)}</a></li>`,
    )
    .join('');
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${text(title)}</title><meta name="robots" content="noindex">` +
    // Opened alone (a link shared, a test), the browser asks for an icon: the site's, not a 404.
    '<link rel="icon" type="image/svg+xml" href="/favicon.svg">' +
    `<meta name="map-tile-url" content="${text(site.tileUrl)}">` +
    `<meta name="map-tile-attribution" content="${text(site.tileAttribution)}">` +
    '<link rel="stylesheet" href="/embed/map.css"></head>' +
    `<body><main class="map-frame" data-state="${text(q.state ?? '')}">` +
    `<h1 class="visually-hidden">${text(title)}</h1>` +
    `<div id="map" role="region" aria-label="${text(`Map of ${title}`)}"></div>` +
    '<ul id="legend" class="legend" aria-label="Map key"></ul>' +
    `<noscript><ul class="chapter-links">${list}</ul></noscript>` +
    (pins.length === 0 ? '<p class="empty">No chapters here yet.</p>' : '') +
    `</main><script type="application/json" id="pins">${safeJson(pins)}</script>` +
    '<script src="/embed/map.js" defer></script></body></html>';
  const listed = rows.map((r) => ({ id: r.chapter.id, chapter_events: r.events }));
  return {
    html,
    shows: q.state ? shows.stateList(q.state, listed) : shows.allChapters(),
  };
}
