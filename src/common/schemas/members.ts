// The Members screen's pages (issue 23): a chapter list read 50 at a time, newest first, with a
// search by part of the address and a status filter; and the whole list as a CSV file.
import { z } from 'zod';
import { chapterContactSchema } from './mailing';

// The page's limits and the status filter are plain values (memberFilters.ts): the screen takes
// them from there, without this module's schemas.
import {
  MEMBER_PAGE,
  MEMBER_STATUS_FILTER_NAMES,
  MEMBER_STATUS_FILTERS,
  SEARCH_COUNT_CAP,
  type MemberStatusFilter,
} from '../memberFilters';

export {
  MEMBER_PAGE,
  MEMBER_STATUS_FILTER_NAMES,
  MEMBER_STATUS_FILTERS,
  SEARCH_COUNT_CAP,
  type MemberStatusFilter,
};

const wholeNumber = (max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'Expected a whole number')
    .transform(Number)
    .pipe(z.number().int().min(0).max(max))
    .optional()
    .transform((n) => n ?? fallback);

/** GET /api/mailing_list/chapter/{chapterId}/members?page=&pageSize=&search=&status= */
export const memberPageQuerySchema = z.object({
  page: wholeNumber(1_000_000, 0),
  pageSize: wholeNumber(MEMBER_PAGE.maxSize, MEMBER_PAGE.defaultSize).pipe(
    z.number().int().min(1, 'Expected 1 to 200'),
  ),
  search: z.string().max(MEMBER_PAGE.maxSearch).optional().default(''),
  // An empty status is no filter, as the screen's "All" sends it.
  status: z
    .union([z.enum(MEMBER_STATUS_FILTER_NAMES), z.literal('')])
    .optional()
    .transform((s) => s || null),
});
export type MemberPageQuery = z.infer<typeof memberPageQuerySchema>;

export const memberPageSchema = z.object({
  /** The page's members, shaped as the whole-list call's contacts. */
  members: z.array(chapterContactSchema),
  /** Members matching the search and filter; for a search, at most SEARCH_COUNT_CAP + 1. */
  total: z.number().int(),
  /** True when a search matched more than SEARCH_COUNT_CAP members and `total` stopped there. */
  totalCapped: z.boolean(),
});
export type MemberPage = z.infer<typeof memberPageSchema>;
