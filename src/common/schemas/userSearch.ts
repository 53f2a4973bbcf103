// The admins' user search (spec 2 §2 /admin/users, §9): POST /api/user/search, which the users
// screen and the hosts screen's search check in the browser too. Apart from the users' answers
// (users.ts, which passes these on) so those screens' chunks hold no answer schema.
import { z } from 'zod';
import { LIMITS } from '../constants';

/** The most users GET /api/user/all and a search answer. */
export const USER_LIST_MAX = LIMITS.userListMax;

/** POST /api/user/search: by any part of the name or email; at most USER_LIST_MAX, by name. */
export const userSearchRequestSchema = z.object({
  search: z
    .string()
    .trim()
    .min(LIMITS.minSearchLength, `Type at least ${LIMITS.minSearchLength} characters`)
    .max(200),
});
export type UserSearchRequest = z.infer<typeof userSearchRequestSchema>;
