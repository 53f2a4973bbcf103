// The original site's answers, as the spec documents give their fields (spec 1 §3, spec 2 §3),
// built from the contract's own schemas where the shapes agree. Only what the importer reads is
// required; fields the original adds are ignored. Text the original may leave out or answer as
// null reads as '' (its forms do not require them), and list ids may come as numbers.
import { z } from 'zod';
import {
  chapterEventSchema,
  chapterPermissionSchema,
  chapterTypeSchema,
} from '../../../common/schemas/chapters';
import { userListItemSchema } from '../../../common/schemas/users';
import { hostApplicationSchema } from '../../../common/schemas/applications';
import { emailSettingsSchema } from '../../../common/schemas/settings';
import { chapterNoteSchema } from '../../../common/schemas/notes';
import { userNoteSchema } from '../../../common/schemas/userNotes';
import { activityItemSchema } from '../../../common/schemas/activity';

const text = z
  .string()
  .nullish()
  .transform((s) => s ?? '');
const listId = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === '' ? null : String(v)));
/** Who wrote something: the original names a user; which fields it gives is not documented. */
const author = z
  .object({ id: z.number().int().optional(), name: text, email: text })
  .nullish()
  .transform((u) => u ?? null);

/** POST /api/auth/signin: { user, error }. */
export const legacyAuthSchema = z.object({
  user: z.object({ name: z.string(), email: z.string() }).nullable(),
  error: z.string().nullish(),
});

export const legacyEventSchema = chapterEventSchema
  .omit({ id: true, description: true, address2: true, state: true, postalCode: true })
  .extend({
    description: text,
    address2: text,
    state: text,
    postalCode: text,
    country: text,
    singleDate: z.string().nullish(),
    chapterId: z.number().int().optional(),
  });
export type LegacyEvent = z.infer<typeof legacyEventSchema>;

/** GET /api/chapters: what the importer takes of each to read it whole. */
export const legacyChapterListSchema = z.array(z.looseObject({ id: z.number().int() }));

/** GET /api/chapter/id/{id}. Events are checked one by one (legacyEventSchema). */
export const legacyChapterSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string().min(1),
  city: text,
  state: text,
  postalCode: text,
  country: text,
  status: z.number().int(),
  chapterTypeId: z.number().int(),
  chapter_type: chapterTypeSchema.nullish(),
  emailAlias: text,
  brontoListName: text,
  brontoListId: listId,
  sendInBlueListId: listId,
  about: text,
  chapter_events: z.array(z.unknown()).nullish(),
});
export type LegacyChapter = z.infer<typeof legacyChapterSchema>;

/** GET /api/chapter_link/chapter/{chapterId}. */
export const legacyLinkSchema = z.object({ title: text, url: text });

/** GET /api/chapter_blog_post/{chapterId}, GET /api/blog_post/slug/{slug}. */
export const legacyPostSchema = z.object({
  title: z.string(),
  slug: z.string().min(1),
  body: text,
  createdAt: z.string(),
  user: author,
  isPublic: z.boolean().optional(),
});
export type LegacyPost = z.infer<typeof legacyPostSchema>;

/** A list of the admin calls: each item is read again by slug for its body. */
export const legacySlugListSchema = z.array(z.looseObject({ slug: z.string() }));

/** GET /api/page/slug/{slug}, GET /api/wiki_page/slug/{slug}. */
export const legacyPageSchema = z.object({
  title: z.string(),
  slug: z.string().min(1),
  body: text,
  isPublic: z.boolean(),
  isEditable: z.boolean().optional(),
});
export type LegacyPage = z.infer<typeof legacyPageSchema>;

/** GET /api/press_mention/chapter/{id}/all and /api/press_mention/public. */
export const legacyPressSchema = z.object({
  title: z.string(),
  url: z.string(),
  notes: text,
  slug: z.string().min(1),
  createdAt: z.string(),
  isVisible: z.boolean(),
  chapter: z.object({ id: z.number().int() }).nullish(),
  chapterId: z.number().int().nullish(),
});
export type LegacyPress = z.infer<typeof legacyPressSchema>;

/** GET /api/user/all. */
export const legacyUserSchema = userListItemSchema.pick({
  id: true,
  name: true,
  email: true,
  createdAt: true,
  isAdmin: true,
});
export type LegacyUser = z.infer<typeof legacyUserSchema>;
export const legacyUserCountSchema = z.object({ count: z.number().int() });

/** GET /api/permission/{chapterId}. */
export const legacyPermissionSchema = chapterPermissionSchema
  .pick({ id: true, roleId: true, createdAt: true })
  .extend({ user: z.object({ id: z.number().int(), email: text }) });
export type LegacyPermission = z.infer<typeof legacyPermissionSchema>;

/** GET /api/chapter_note/chapter/{chapterId}. */
export const legacyChapterNoteSchema = chapterNoteSchema
  .pick({ note: true, adminOnly: true, createdAt: true })
  .extend({ id: z.number().int().optional(), user: author });
export type LegacyChapterNote = z.infer<typeof legacyChapterNoteSchema>;

/** GET /api/user_note/user/{userId}. */
export const legacyUserNoteSchema = userNoteSchema
  .pick({ note: true, createdAt: true, aboutUserId: true })
  .extend({ id: z.number().int().optional(), user: author });
export type LegacyUserNote = z.infer<typeof legacyUserNoteSchema>;

/** GET /api/chapter_host_application: the spec's fields; the user by name and email. */
export const legacyApplicationSchema = hostApplicationSchema.omit({ id: true, user: true }).extend({
  user: z.object({ name: text, email: z.string() }),
});
export type LegacyApplication = z.infer<typeof legacyApplicationSchema>;

/** GET /api/activity_feed_item/all. */
export const legacyActivitySchema = activityItemSchema
  .pick({ type: true, title: true, note: true, adminOnly: true, createdAt: true })
  .extend({ note: text, objectId: z.number().int().nullish(), user: author });
export type LegacyActivity = z.infer<typeof legacyActivitySchema>;

/** GET /api/front_page and GET /api/email_settings. */
export const legacyFrontPageSchema = z.object({ imageLinkURL: text });
export const legacyEmailSettingsSchema = emailSettingsSchema;
