// What hangs on a chapter besides its events: links, posts, press mentions, notes, hosts and
// field organizers, and the header image. Read through the original's per-chapter calls, all at
// once (the client bounds how many requests are in flight), then written with the chapter.
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
  type ImportContext,
} from './context';
import {
  legacyChapterNoteSchema,
  legacyLinkSchema,
  legacyPermissionSchema,
  legacyPostSchema,
  legacyPressSchema,
  type LegacyPress,
} from './schemas';
import {
  checkAsSaved,
  contentAsSaved,
  linkSaveRules,
  noteSaveRules,
  pressSaveRules,
} from './saveRules';
import { localUser } from './users';
import { noteKey } from './userNotes';
import { HEADER_IMAGE_KIND, headerImagePath, importHeaderImage } from './headerImage';
import { importRows, type RowKind } from './rows';

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

/** A chapter's parts as the original answers them, items still unchecked. */
export interface ChapterParts {
  links: unknown[];
  posts: unknown[];
  press: unknown[];
  notes: unknown[];
  roles: unknown[];
  image: Buffer | null;
}

export async function fetchChapterParts(
  ctx: ImportContext,
  originalId: number,
): Promise<ChapterParts> {
  const get = (path: string) => ctx.client.get(path, list);
  const [links, posts, press, notes, roles, image] = await Promise.all([
    get(`/api/chapter_link/chapter/${originalId}`),
    get(`/api/chapter_blog_post/${originalId}`),
    get(`/api/press_mention/chapter/${originalId}/all`),
    get(`/api/chapter_note/chapter/${originalId}`),
    get(`/api/permission/${originalId}`),
    ctx.client.getBytes(headerImagePath(originalId)),
  ]);
  return { links, posts, press, notes, roles, image };
}

/** A press mention, of a chapter or (chapterId null) of the network; known by its slug. */
export const pressKind = (chapterId: number | null, idPrefix: string) =>
  ({
    kind: PRESS_KIND,
    schema: legacyPressSchema,
    idOf: slugOr(idPrefix),
    key: (p) => p.slug,
    table: pressMentions,
    row: (p) => {
      checkAsSaved(pressSaveRules, {
        slug: p.slug,
        title: p.title,
        url: p.url,
        notes: p.notes,
        isVisible: p.isVisible,
        chapterId,
      });
      return pressRow(chapterId, p);
    },
  }) satisfies RowKind<typeof legacyPressSchema, typeof pressMentions>;

function pressRow(chapterId: number | null, p: LegacyPress) {
  return {
    chapterId,
    title: p.title,
    url: p.url,
    notes: p.notes,
    slug: p.slug,
    isVisible: p.isVisible,
    createdAt: parseDate(p.createdAt, 'createdAt'),
  };
}

export async function writeChapterParts(
  ctx: ImportContext,
  chapterId: number,
  originalId: number,
  parts: ChapterParts,
): Promise<void> {
  const { links } = parts;
  // Links have no id or slug: a link is its chapter and its URL. One removed on the original
  // stays here (the importer never deletes).
  await importRows(
    ctx,
    {
      kind: LINK,
      schema: legacyLinkSchema,
      idOf: (_, i) => `${originalId} #${i}`,
      key: (link) => `${originalId}:${link.url}`,
      table: chapterLinks,
      include: (link) => link.url.trim() !== '' && link.title.trim() !== '',
      row: (link) => {
        checkAsSaved(linkSaveRules, link);
        return {
          chapterId,
          title: link.title,
          url: link.url,
          position: links.indexOf(links.find((l) => (l as { url?: string }).url === link.url)),
        };
      },
    },
    links,
  );

  await importRows(
    ctx,
    {
      kind: CHAPTER_POST,
      schema: legacyPostSchema,
      idOf: slugOr(`chapter ${originalId}`),
      key: (post) => post.slug,
      table: chapterBlogPosts,
      row: (post) => ({
        chapterId,
        userId: localUser(ctx, post.user),
        ...contentAsSaved(post),
        slug: post.slug,
        createdAt: parseDate(post.createdAt, 'createdAt'),
      }),
    },
    parts.posts,
  );

  await importRows(ctx, pressKind(chapterId, `chapter ${originalId}`), parts.press);

  // Notes have no id in the original's answers: a note is its chapter, its time and its text
  // (notes are never edited there, only added).
  await importRows(
    ctx,
    {
      kind: CHAPTER_NOTE,
      schema: legacyChapterNoteSchema,
      idOf: (_, i) => `${originalId} #${i}`,
      key: (note) => note.id ?? noteKey(originalId, note.createdAt, note.note),
      table: chapterNotes,
      row: (note) => {
        checkAsSaved(noteSaveRules, { note: note.note });
        return {
          chapterId,
          userId: localUser(ctx, note.user),
          note: note.note,
          adminOnly: note.adminOnly,
          createdAt: parseDate(note.createdAt, 'createdAt'),
        };
      },
    },
    parts.notes,
  );

  await eachParsed(
    ctx,
    PERMISSION,
    parts.roles,
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

  if (parts.image) await importHeaderImage(ctx, chapterId, originalId, parts.image);
}
