// What hangs on a chapter besides its events: links, posts, press mentions, notes, hosts and
// field organizers, and the header image. Read through the original's per-chapter calls.
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import {
  chapterBlogPosts,
  chapterLinks,
  chapterNotes,
  permissions,
  pressMentions,
} from '../../db/schema';
import { ROLE } from '../../../common/constants';
import {
  eachParsed,
  importEntity,
  parseDate,
  slugOr,
  SkipError,
  upsertRow,
  type ImportContext,
} from './context';
import {
  legacyChapterNoteSchema,
  legacyLinkSchema,
  legacyPermissionSchema,
  legacyPostSchema,
  legacyPressSchema,
} from './schemas';
import { localUser } from './users';
import { noteKey } from './userNotes';
import { HEADER_IMAGE_KIND, importHeaderImage } from './headerImage';

const LINK = 'link';
const CHAPTER_POST = 'chapter_post';
export const PRESS_KIND = 'press_mention';
const CHAPTER_NOTE = 'chapter_note';
const PERMISSION = 'permission';
export const CHAPTER_PART_KINDS = [
  LINK,
  CHAPTER_POST,
  PRESS_KIND,
  CHAPTER_NOTE,
  PERMISSION,
  HEADER_IMAGE_KIND,
];

const list = z.array(z.unknown());

export async function importChapterParts(
  ctx: ImportContext,
  chapterId: number,
  originalId: number,
): Promise<void> {
  const get = (path: string) => ctx.client.get(path, list);

  // Links have no id or slug: a link is its chapter and its URL. One removed on the original
  // stays here (the importer never deletes).
  const links = await get(`/api/chapter_link/chapter/${originalId}`);
  await eachParsed(
    ctx,
    LINK,
    links,
    legacyLinkSchema,
    (_, i) => `${originalId} #${i}`,
    (link) => {
      if (link.url.trim() === '' || link.title.trim() === '') return Promise.resolve();
      const position = links.indexOf(links.find((l) => (l as { url?: string }).url === link.url));
      return importEntity(ctx, LINK, `${originalId}:${link.url}`, link, (tx, known) =>
        upsertRow(tx, chapterLinks, known, {
          chapterId,
          title: link.title,
          url: link.url,
          position,
        }),
      );
    },
  );

  const posts = await get(`/api/chapter_blog_post/${originalId}`);
  await eachParsed(
    ctx,
    CHAPTER_POST,
    posts,
    legacyPostSchema,
    slugOr(`chapter ${originalId}`),
    (post) =>
      importEntity(ctx, CHAPTER_POST, post.slug, post, (tx, known) =>
        upsertRow(tx, chapterBlogPosts, known, {
          chapterId,
          userId: localUser(ctx, post.user),
          title: post.title,
          body: post.body,
          slug: post.slug,
          createdAt: parseDate(post.createdAt, 'createdAt'),
        }),
      ),
  );

  const press = await get(`/api/press_mention/chapter/${originalId}/all`);
  await eachParsed(
    ctx,
    PRESS_KIND,
    press,
    legacyPressSchema,
    slugOr(`chapter ${originalId}`),
    (p) => importPress(ctx, p, chapterId),
  );

  // Notes have no id in the original's answers: a note is its chapter, its time and its text
  // (notes are never edited there, only added).
  const notes = await get(`/api/chapter_note/chapter/${originalId}`);
  await eachParsed(
    ctx,
    CHAPTER_NOTE,
    notes,
    legacyChapterNoteSchema,
    (_, i) => `${originalId} #${i}`,
    (note) => {
      const key = note.id ?? noteKey(originalId, note.createdAt, note.note);
      return importEntity(ctx, CHAPTER_NOTE, key, note, (tx, known) =>
        upsertRow(tx, chapterNotes, known, {
          chapterId,
          userId: localUser(ctx, note.user),
          note: note.note,
          adminOnly: note.adminOnly,
          createdAt: parseDate(note.createdAt, 'createdAt'),
        }),
      );
    },
  );

  const roles = await get(`/api/permission/${originalId}`);
  await eachParsed(
    ctx,
    PERMISSION,
    roles,
    legacyPermissionSchema,
    (_, i) => `${originalId} #${i}`,
    (p) =>
      importEntity(ctx, PERMISSION, p.id, p, async (tx) => {
        const userId = localUser(ctx, p.user);
        if (userId === null) throw new SkipError(`its user ${p.user.id} was not imported`);
        if (p.roleId !== ROLE.chapterHost && p.roleId !== ROLE.fieldOrganizer) {
          throw new SkipError(`unknown role ${p.roleId}`);
        }
        const row = { userId, roleId: p.roleId, chapterId };
        const [made] = await tx
          .insert(permissions)
          .values({ ...row, createdAt: parseDate(p.createdAt, 'createdAt') })
          .onConflictDoNothing()
          .returning({ id: permissions.id });
        if (made) return made.id;
        const [held] = await tx
          .select({ id: permissions.id })
          .from(permissions)
          .where(
            and(
              eq(permissions.userId, userId),
              eq(permissions.roleId, p.roleId),
              eq(permissions.chapterId, chapterId),
            ),
          );
        return held!.id;
      }),
  );

  await importHeaderImage(ctx, chapterId, originalId);
}

/** A press mention, of a chapter or (chapterId null) of the network; known by its slug. */
export function importPress(
  ctx: ImportContext,
  p: z.infer<typeof legacyPressSchema>,
  chapterId: number | null,
) {
  return importEntity(ctx, PRESS_KIND, p.slug, p, (tx, known) =>
    upsertRow(tx, pressMentions, known, {
      chapterId,
      title: p.title,
      url: p.url,
      notes: p.notes,
      slug: p.slug,
      isVisible: p.isVisible,
      createdAt: parseDate(p.createdAt, 'createdAt'),
    }),
  );
}
