// Words a chapter's slug may not be, because a URL that takes a chapter's slug uses them for
// something else: the chapter feed is /api/chapter_calendar/{slug}/events.ics, and the network
// feed /api/chapter_calendar/all/events.ics (with state/... and event/... beside them) would
// shadow a chapter called `all`. A test (chapters/reservedSlugs.test.ts) checks that every word
// the calendar routes use is here.

export const RESERVED_CHAPTER_SLUGS = ['all', 'state', 'event'] as const;

const RESERVED = new Set<string>(RESERVED_CHAPTER_SLUGS);

export const RESERVED_SLUG_MESSAGE =
  'This slug is a word the site’s calendar addresses use: choose another slug.';

export function isReservedChapterSlug(slug: string): boolean {
  return RESERVED.has(slug.trim().toLowerCase());
}
