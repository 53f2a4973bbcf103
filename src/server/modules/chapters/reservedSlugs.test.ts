// Slugs a chapter may not take (common/reservedSlugs.ts): the words the calendar addresses use
// beside a chapter's slug. /api/chapter_calendar/all/events.ics is the network's feed, so a
// chapter called `all` would never be reached at /api/chapter_calendar/{slug}/events.ics.
// Renaming a chapter to one is refused naming the field; a slug made from a title steps around
// them; a chapter that already has one (imported) keeps it.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chapters } from '../../db/schema';
import {
  fieldMessage,
  fieldNames,
  insertChapter,
  send,
  useChapterAdminWorld,
} from '../../test/chapterAdminWorld';
import {
  isReservedChapterSlug,
  RESERVED_CHAPTER_SLUGS,
  RESERVED_SLUG_MESSAGE,
} from '../../../common/reservedSlugs';

const my = useChapterAdminWorld();

const save = (payload: object) =>
  send(my.t, { method: 'POST', url: '/api/chapter', payload }, my.w.cookies.admin);
const create = (title: string) =>
  send(
    my.t,
    {
      method: 'POST',
      url: '/api/chapter/new',
      payload: { title, city: 'Toledo', state: 'OH', postalCode: '43604', country: 'US' },
    },
    my.w.cookies.admin,
  );
const storedSlug = async (id: number) =>
  (await my.t.db.select({ slug: chapters.slug }).from(chapters).where(eq(chapters.id, id)))[0]!
    .slug;

describe('reserved chapter slugs', () => {
  it('covers every word the calendar routes use where a chapter slug goes', async () => {
    await my.t.app.ready();
    const paths = Object.keys((my.t.app.swagger() as { paths: object }).paths);
    const words = paths
      .filter((p) => p.startsWith('/api/chapter_calendar/'))
      .map((p) => p.split('/')[3]!)
      .filter((segment) => !segment.startsWith('{'));
    expect(words).toContain('all');
    for (const word of words) expect(isReservedChapterSlug(word), word).toBe(true);
  });

  it.each(RESERVED_CHAPTER_SLUGS)(
    'refuses renaming a chapter to %s, naming the slug',
    async (word) => {
      const chapter = await insertChapter(my.t, {});
      const res = await save({ id: chapter.id, slug: word });
      expect(res.statusCode).toBe(400);
      expect(fieldNames(res)).toEqual(['body.slug']);
      expect(fieldMessage(res, 'body.slug')).toBe(RESERVED_SLUG_MESSAGE);
      expect(await storedSlug(chapter.id)).toBe(chapter.slug);
    },
  );

  it('lets a chapter that already has one keep it when its settings are saved', async () => {
    const chapter = await insertChapter(my.t, { slug: 'all' });
    const res = await save({ id: chapter.id, slug: 'all', title: 'All Of Us' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ slug: 'all', title: 'All Of Us' });
  });

  it('steps a slug made from a title around them', async () => {
    for (const title of ['State', 'Event']) {
      const res = await create(title);
      expect(res.statusCode).toBe(200);
      expect(res.json().slug).toBe(`${title.toLowerCase()}-2`);
      // Not because a chapter had it already: none has.
      const holders = await my.t.db
        .select({ id: chapters.id })
        .from(chapters)
        .where(eq(chapters.slug, title.toLowerCase()));
      expect(holders).toEqual([]);
    }
  });
});
