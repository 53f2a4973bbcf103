// Chapter roles (spec 2 §2 Chapter Hosts, §3 Permission, §7) and the admin's user search.
import { z } from 'zod';
import { dbId } from './ids';
import { ROLE } from '../constants';

/** POST /api/permission/{chapterId}: give a user a chapter role (admins only). */
export const permissionGrantSchema = z.object({
  userId: dbId,
  roleId: z.union([z.literal(ROLE.chapterHost), z.literal(ROLE.fieldOrganizer)]),
});
export type PermissionGrant = z.infer<typeof permissionGrantSchema>;

/** POST /api/permission/delete: the permission as the list gave it (only its id counts). */
export const permissionDeleteSchema = z.looseObject({ id: dbId });

export const resultSchema = z.object({ result: z.literal('success') });

// The user list item and search moved to users.ts with the rest of the admin's user calls.
export { userListItemSchema, userSearchRequestSchema, type UserListItem } from './users';
