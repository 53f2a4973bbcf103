// Where other sites and readers find what a page offers (issue 36): its feeds, its calendar, its
// oEmbed, its frame and its preview picture. The server's routes answer at these paths, the pages
// name them in their <head>, and the "Embed on your site" screens write them into snippets.

export const BLOG_FEED_PATH = '/blog.atom';
export const chapterFeedPath = (slug: string) => `/chapters/${slug}/posts.atom`;
export const chapterCalendarPath = (slug: string) => `/api/chapter_calendar/${slug}/events.ics`;
export const stateCalendarPath = (state: string) =>
  `/api/chapter_calendar/state/${state.toLowerCase()}/events.ics`;
export const oembedPath = (pageUrl: string) =>
  `/api/oembed?url=${encodeURIComponent(pageUrl)}&format=json`;
/** The picture a link preview shows of a chapter without a header image: its type's card. */
export const typeCardPath = (typeId: number) => `/embed/card/${typeId}.png`;

export const EMBED_SCRIPT_PATH = '/embed.js';
export const chapterFramePath = (slug: string) => `/embed/chapter/${slug}`;
export const stateFramePath = (state: string) => `/embed/state/${state.toLowerCase()}`;
export const MAP_FRAME_PATH = '/embed/map';
