// Chapter roles (spec 2 §2 Chapter Hosts, §3 Permission, §7) and the admin's user search.
import { z } from 'zod';
import { dbId } from './ids';
import { LIMITS, ROLE } from '../constants';

/** POST /api/permission/{chapterId}: give a user a chapter role (admins only). */
export const permissionGrantSchema = z.object({
  userId: dbId,
  roleId: z.union([z.literal(ROLE.chapterHost), z.literal(ROLE.fieldOrganizer)]),
});
export type PermissionGrant = z.infer<typeof permissionGrantSchema>;

/** POST /api/permission/delete: the permission as the list gave it (only its id counts). */
export const permissionDeleteSchema = z.looseObject({ id: dbId });

export const resultSchema = z.object({ result: z.literal('success') });

/** POST /api/user/search. */
export const userSearchRequestSchema = z.object({
  search: z
    .string()
    .trim()
    .min(LIMITS.minSearchLength, `Type at least ${LIMITS.minSearchLength} characters`)
    .max(200),
});

export const userListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
  isAdmin: z.boolean(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;
