// Users as site admins see them (spec 2 §2 /admin/users, §3 User, §7, §9): the list, the count,
// one user with their chapter roles, and the search. Admin-only, every one.
import { z } from 'zod';
import { chapterRefSchema } from './chapterRef';
import { idParam } from './chapters';

/**
 * One user in GET /api/user/all and POST /api/user/search (the same shape). The chapter lists
 * hold chapter ids, as spec 2 §3 has them.
 */
export const userListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
  isAdmin: z.boolean(),
  isChapterHost: z.boolean(),
  isFieldOrganizer: z.boolean(),
  chapterHostChapters: z.array(z.number().int()),
  fieldOrganizerChapters: z.array(z.number().int()),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/** GET /api/user/all: the newest USER_LIST_MAX users, newest first. */
export const userListSchema = z.array(userListItemSchema);

// The search (a request the browser checks too) lives in userSearch.ts, apart from the answers.
export { USER_LIST_MAX, userSearchRequestSchema, type UserSearchRequest } from './userSearch';

/** GET /api/user/count. */
export const userCountSchema = z.object({ count: z.number().int() });
export type UserCount = z.infer<typeof userCountSchema>;

/** GET /api/user/user/{id}, GET /api/user_note/user/{userId}, .../user/{userId} params. */
export const userIdParamsSchema = z.object({ id: idParam });
export const userIdParamSchema = z.object({ userId: idParam });

/** A chapter role of the user, with enough of the chapter to name and link it. */
export const userChapterRoleSchema = z.object({
  /** The permission's id (what POST /api/permission/delete takes). */
  id: z.number().int(),
  roleId: z.number().int(),
  role: z.object({ id: z.number().int(), name: z.string() }),
  createdAt: z.string(),
  chapter: chapterRefSchema,
});
export type UserChapterRole = z.infer<typeof userChapterRoleSchema>;

/**
 * GET /api/user/user/{id}: the list item plus every chapter role (hosts first, then field
 * organizers, each by chapter title). Their applications: GET /api/chapter_host_application/
 * user/{userId}; notes about them: GET /api/user_note/user/{userId}.
 */
export const userDetailSchema = userListItemSchema.extend({
  chapterRoles: z.array(userChapterRoleSchema),
});
export type UserDetail = z.infer<typeof userDetailSchema>;
