// oEmbed (https://oembed.com, issue 36): a chat app or a CMS that is handed a chapter's, an
// event's or a state's page asks here and gets a `rich` answer, the frame of that list. Any other
// URL, a hidden chapter's or another site's, is a 404, as the spec's "no embed" answer is.
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { chapterEvents, chapters, chapterTypes } from '../../db/schema';
import { CHAPTER_STATUS, CHAPTER_TYPE_SUFFIX, SITE_NAME } from '../../../common/constants';
import { text } from '../../../common/embedMarkup';
import { isStateAbbr, stateName } from '../../../common/states';
import { HttpError } from '../../core/httpError';
import { displayTitle } from '../../core/summaries';

/** The frame's size unless the consumer asks for less (maxwidth, maxheight). */
const WIDTH = 420;
const HEIGHT = 460;

export const oembedQuerySchema = z.object({
  url: z.string().max(2000).url('Expected the URL of a page of this site'),
  format: z.enum(['json', 'xml']).default('json'),
  maxwidth: z.coerce.number().int().min(100).max(4000).optional(),
  maxheight: z.coerce.number().int().min(100).max(4000).optional(),
});
export type OembedQuery = z.infer<typeof oembedQuerySchema>;

export const oembedSchema = z.object({
  version: z.literal('1.0'),
  type: z.literal('rich'),
  title: z.string(),
  provider_name: z.string(),
  provider_url: z.string(),
  html: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  cache_age: z.number().int(),
});
export type Oembed = z.infer<typeof oembedSchema>;

const CHAPTER_PAGE = /^\/chapter\/([a-z]{2,3})\/([a-z0-9-]+)\/?$/;
const EVENT_PAGE = /^\/chapter\/([a-z]{2,3})\/([a-z0-9-]+)\/events\/([a-z0-9-]+)\/?$/;
const STATE_PAGE = /^\/chapters\/([a-z]{2,3})\/?$/;

const notEmbeddable = () => new HttpError(404, 'No embed for that URL');

/** What the page at `path` frames, and its title; a 404 for what has no frame. */
async function frameOf(db: Db, path: string): Promise<{ frame: string; title: string }> {
  const state = STATE_PAGE.exec(path);
  if (state) {
    const abbr = state[1]!.toUpperCase();
    if (!isStateAbbr(abbr)) throw notEmbeddable();
    return {
      frame: `/embed/state/${abbr.toLowerCase()}`,
      title: `${SITE_NAME} in ${stateName(abbr) ?? abbr}`,
    };
  }
  const event = EVENT_PAGE.exec(path);
  const chapter = event ?? CHAPTER_PAGE.exec(path);
  if (!chapter) throw notEmbeddable();
  const slug = chapter[2]!;
  const [row] = await db
    .select({ chapter: chapters, type: chapterTypes })
    .from(chapters)
    .innerJoin(chapterTypes, eq(chapterTypes.id, chapters.chapterTypeId))
    .where(and(eq(chapters.slug, slug), eq(chapters.status, CHAPTER_STATUS.active)))
    .limit(1);
  if (!row) throw notEmbeddable();
  const name = `${row.type.name} ${CHAPTER_TYPE_SUFFIX} ${displayTitle(row.chapter)}`;
  if (!event) return { frame: `/embed/chapter/${slug}`, title: name };
  const [place] = await db
    .select({ name: chapterEvents.name })
    .from(chapterEvents)
    .where(and(eq(chapterEvents.chapterId, row.chapter.id), eq(chapterEvents.slug, event[3]!)))
    .limit(1);
  if (!place) throw notEmbeddable();
  return { frame: `/embed/chapter/${slug}`, title: `${name} at ${place.name}` };
}

export async function oembedFor(db: Db, q: OembedQuery, publicUrl: string): Promise<Oembed> {
  const site = new URL(publicUrl);
  const asked = new URL(q.url);
  if (asked.host !== site.host) throw notEmbeddable();
  // XML is the spec's other format; this site answers JSON only, as most providers do.
  if (q.format === 'xml') throw new HttpError(501, 'Only format=json is answered');
  const { frame, title } = await frameOf(db, asked.pathname);
  const width = Math.min(WIDTH, q.maxwidth ?? WIDTH);
  const height = Math.min(HEIGHT, q.maxheight ?? HEIGHT);
  const src = `${site.origin}${frame}`;
  return {
    version: '1.0',
    type: 'rich',
    title,
    provider_name: SITE_NAME,
    provider_url: `${site.origin}/`,
    html:
      `<iframe src="${text(src)}" width="${width}" height="${height}" title="${text(title)}" ` +
      'loading="lazy" style="border:0;max-width:100%"></iframe>',
    width,
    height,
    cache_age: 3600,
  };
}
