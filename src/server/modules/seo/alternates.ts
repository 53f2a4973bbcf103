// What a page offers readers and other sites beside itself (issue 36), named in its <head> as
// <link rel="alternate">: its Atom feed, its calendar and, for a page with a frame, its oEmbed.
// The paths are common/embedPaths.ts's, which the routes answer at and the embed screens write.
import {
  BLOG_FEED_PATH,
  chapterCalendarPath,
  chapterFeedPath,
  oembedPath,
  stateCalendarPath,
} from '../../../common/embedPaths';

export interface Alternate {
  type: 'application/atom+xml' | 'text/calendar' | 'application/json+oembed';
  href: string;
  title: string;
}

/** The network's blog. */
export const blogFeed: Alternate = {
  type: 'application/atom+xml',
  href: BLOG_FEED_PATH,
  title: 'Blog',
};

const oembedOf = (publicUrl: string, path: string, title: string): Alternate => ({
  type: 'application/json+oembed',
  href: oembedPath(publicUrl + path),
  title,
});

/** A chapter's posts, its calendar and the page's oEmbed (its chapter's frame). */
export function chapterAlternates(
  publicUrl: string,
  path: string,
  chapter: { slug: string; displayTitle: string },
): Alternate[] {
  return [
    {
      type: 'application/atom+xml',
      href: chapterFeedPath(chapter.slug),
      title: `${chapter.displayTitle}: posts`,
    },
    {
      type: 'text/calendar',
      href: chapterCalendarPath(chapter.slug),
      title: `${chapter.displayTitle}: meetings`,
    },
    oembedOf(publicUrl, path, chapter.displayTitle),
  ];
}

/** A state's calendar and the state page's oEmbed (the state's frame). */
export function stateAlternates(
  publicUrl: string,
  path: string,
  state: string,
  name: string,
): Alternate[] {
  return [
    { type: 'text/calendar', href: stateCalendarPath(state), title: `Meetings in ${name}` },
    oembedOf(publicUrl, path, `Chapters in ${name}`),
  ];
}
