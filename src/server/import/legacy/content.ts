// The network's own content: the blog, pages, wiki pages and press mentions about the network
// (not one chapter). Each is known by its slug, which stays, so /blog/{slug}, /page/{slug} and
// /wiki/{slug} answer the same here. The lists are read first, then each item by slug for its
// body.
import { z } from 'zod';
import { blogPosts, pages, wikiPages } from '../../db/schema';
import {
  eachParsed,
  importEntity,
  parseDate,
  slugOr,
  upsertRow,
  type ImportContext,
} from './context';
import { legacyPageSchema, legacyPostSchema, legacySlugListSchema } from './schemas';
import { localUser } from './users';
import { pressKind, PRESS_KIND } from './chapterParts';
import { importRows } from './rows';
import { contentAsSaved } from './saveRules';
import { LegacyError } from './client';

const BLOG = 'blog_post';
const PAGE = 'page';
const WIKI = 'wiki_page';

/** Each item of a list call, read again by slug; a malformed one is skipped by name. */
async function eachBySlug(
  ctx: ImportContext,
  kind: string,
  listPath: string,
  itemPath: string,
  fn: (item: unknown) => Promise<unknown>,
): Promise<void> {
  const list = await ctx.client.get(listPath, legacySlugListSchema);
  for (const { slug } of list) {
    try {
      await fn(await ctx.client.getJson(`${itemPath}/${encodeURIComponent(slug)}`));
    } catch (err) {
      if (!(err instanceof LegacyError && err.scope === 'entity')) throw err;
      ctx.reporter.read(kind);
      ctx.reporter.skip(kind, slug, err.message);
    }
  }
}

/** Parses one item as `kind` (counting it read), skipping it by slug when malformed. */
const parsed = <S extends z.ZodType>(
  ctx: ImportContext,
  kind: string,
  schema: S,
  item: unknown,
  fn: (value: z.infer<S>) => Promise<unknown>,
) => eachParsed(ctx, kind, [item], schema, slugOr(kind), fn);

export async function importContent(ctx: ImportContext): Promise<void> {
  ctx.reporter.phase([BLOG, PAGE, WIKI, PRESS_KIND]);
  await eachBySlug(ctx, BLOG, '/api/blog_post', '/api/blog_post/slug', (item) =>
    parsed(ctx, BLOG, legacyPostSchema, item, (post) =>
      importEntity(ctx, BLOG, post.slug, post, (tx, known) =>
        upsertRow(tx, blogPosts, known, {
          userId: localUser(ctx, post.user),
          ...contentAsSaved(post),
          slug: post.slug,
          isPublic: post.isPublic ?? true,
          createdAt: parseDate(post.createdAt, 'createdAt'),
        }),
      ),
    ),
  );
  for (const [kind, list, table] of [
    [PAGE, '/api/page', pages],
    [WIKI, '/api/wiki_page', wikiPages],
  ] as const) {
    await eachBySlug(ctx, kind, list, `${list}/slug`, (item) =>
      parsed(ctx, kind, legacyPageSchema, item, (page) =>
        importEntity(ctx, kind, page.slug, page, (tx, known) =>
          upsertRow(tx, table, known, {
            ...contentAsSaved(page),
            slug: page.slug,
            isPublic: page.isPublic,
            ...(kind === WIKI && { isEditable: page.isEditable ?? true }),
          }),
        ),
      ),
    );
  }
  // Press about a chapter came with the chapter; the rest is the network's. The original has
  // no call that lists the network's hidden mentions, so only the visible ones can come over.
  const press = await ctx.client.get('/api/press_mention/public', z.array(z.unknown()));
  const network = press.filter((p) => {
    const chapterId = (p as { chapter?: { id?: unknown } | null; chapterId?: unknown }).chapter?.id;
    const own = (p as { chapterId?: unknown }).chapterId;
    return chapterId == null && (own == null || own === -1);
  });
  await importRows(ctx, pressKind(null, 'press'), network);
  ctx.reporter.warn(
    'Press mentions of the network (no chapter) that are hidden on the original cannot be read through its API and were not imported',
  );
}
