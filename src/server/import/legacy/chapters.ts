// Chapters, each read whole (GET /api/chapter/id/{id}) and brought over with what hangs on it:
// events, links, posts, press, notes, hosts and the header image (chapterParts.ts). Slugs and
// the list ids (sendInBlueListId, brontoListId) stay as they are, so old URLs and the Brevo or
// Bronto lists keep working.
import { chapterFieldsSchema } from '../../../common/schemas/chapterFields';
import { isReservedChapterSlug } from '../../../common/reservedSlugs';
import { chapters } from '../../db/schema';
import { CHAPTER_TYPES } from '../../../common/constants';
import { canonicalListId } from '../../../common/schemas/ids';
import { isStateAbbr } from '../../../common/states';
import { importEntity, eachLimit, SkipError, upsertRow, type ImportContext } from './context';
import { legacyChapterListSchema, legacyChapterSchema, type LegacyChapter } from './schemas';
import { EVENT_KIND, importEvents } from './events';
import { CHAPTER_PART_KINDS, fetchChapterParts, writeChapterParts } from './chapterParts';
import { LegacyError } from './client';
import { inOneTransaction } from './batch';
import {
  chapterSaveRules,
  checkAsSaved,
  slugRules,
  refusal,
  sanitizedAsSaved,
  unlessBlank,
} from './saveRules';

export const CHAPTER_KIND = 'chapter';

export async function importChapters(ctx: ImportContext): Promise<void> {
  ctx.reporter.phase([CHAPTER_KIND, EVENT_KIND, ...CHAPTER_PART_KINDS]);
  const list = await ctx.client.get('/api/chapters', legacyChapterListSchema);
  ctx.reporter.read(CHAPTER_KIND, list.length);
  await eachLimit(list, ctx.concurrency, async ({ id }) => {
    // The chapter and its parts are read at once; then written in one transaction.
    const [whole, parts] = await Promise.allSettled([
      ctx.client.get(`/api/chapter/id/${id}`, legacyChapterSchema),
      fetchChapterParts(ctx, id),
    ]);
    if (whole.status === 'rejected') {
      const err: unknown = whole.reason;
      // A malformed answer is this chapter's problem; a failed request stops the run.
      if (err instanceof LegacyError && err.scope === 'entity') {
        ctx.reporter.skip(CHAPTER_KIND, id, err.message);
        return;
      }
      throw err;
    }
    if (parts.status === 'rejected') throw parts.reason;
    const chapter: LegacyChapter = whole.value;
    const { chapter_events: events, ...own } = chapter;
    await inOneTransaction(ctx, async (c) => {
      const localId = await importEntity(c, CHAPTER_KIND, id, own, (tx, known) =>
        upsertRow(tx, chapters, known, chapterRow(c, chapter)),
      );
      if (localId === null) {
        skipChildren(c, chapter);
        return;
      }
      await importEvents(c, localId, id, events ?? []);
      await writeChapterParts(c, localId, id, parts.value);
    });
  });
}

function chapterRow(ctx: ImportContext, c: LegacyChapter) {
  if (!CHAPTER_TYPES.some((t) => t.id === c.chapterTypeId)) {
    throw new SkipError(`unknown chapter type ${c.chapterTypeId}`);
  }
  // The original keeps an empty state as 'int' (spec 1 §3): International here.
  const state = c.state.trim() === '' ? 'INT' : c.state.trim().toUpperCase();
  if (!isStateAbbr(state)) throw new SkipError(`unknown state ${JSON.stringify(c.state)}`);
  // Its feed's address would be the network's (common/reservedSlugs.ts).
  if (isReservedChapterSlug(c.slug)) {
    throw new SkipError(
      `slug ${JSON.stringify(c.slug)} is a word this site's calendar addresses use`,
    );
  }
  checkAsSaved(slugRules, { slug: c.slug });
  checkAsSaved(chapterSaveRules, {
    title: c.title,
    city: unlessBlank(c.city),
    state,
    postalCode: unlessBlank(c.postalCode),
    country: unlessBlank(c.country),
    brontoListName: c.brontoListName,
  });
  return {
    title: c.title,
    slug: c.slug,
    city: c.city,
    state,
    postalCode: c.postalCode,
    country: c.country || 'US',
    status: c.status,
    chapterTypeId: c.chapterTypeId,
    emailAlias: emailAlias(ctx, c),
    brontoListName: c.brontoListName,
    brontoListId: listId(c.brontoListId, 'brontoListId'),
    sendInBlueListId: listId(c.sendInBlueListId, 'sendInBlueListId'),
    about: sanitizedAsSaved('about', c.about, ABOUT_MAX),
  };
}

const ABOUT_MAX = chapterFieldsSchema.shape.about.maxLength ?? 200_000;

/**
 * An alias a save would refuse is dropped, the chapter kept: its events and pages are worth more
 * than the address, which an admin sets in its settings (the run's warnings name it).
 */
function emailAlias(ctx: ImportContext, c: LegacyChapter): string {
  if (c.emailAlias.trim() === '') return '';
  const refused = refusal(chapterSaveRules.pick({ emailAlias: true }), {
    emailAlias: c.emailAlias,
  });
  if (refused === null) return c.emailAlias;
  ctx.reporter.warn(
    `chapter ${c.id}: emailAlias ${JSON.stringify(c.emailAlias)} dropped; ${refused}`,
  );
  return '';
}

function listId(value: string | null, field: string): string | null {
  if (value === null) return null;
  const id = canonicalListId(value);
  if (id === null) throw new SkipError(`malformed ${field}: ${JSON.stringify(value)}`);
  return id;
}

/** A chapter left out leaves out its events too, each named in the report. */
function skipChildren(ctx: ImportContext, chapter: LegacyChapter): void {
  const events = (chapter.chapter_events ?? []) as { slug?: unknown }[];
  ctx.reporter.read(EVENT_KIND, events.length);
  for (const [i, e] of events.entries()) {
    const slug = typeof e?.slug === 'string' ? e.slug : `chapter ${chapter.id} #${i}`;
    ctx.reporter.skip(EVENT_KIND, slug, `its chapter ${chapter.id} was not imported`);
  }
}
