// The Members screen's pages (issue 23): a chapter list read 50 at a time, newest first, with a
// search by part of the address and a status filter; and the whole list as a CSV file.
import { z } from 'zod';
import { chapterContactSchema } from './mailing';

export const MEMBER_PAGE = { defaultSize: 50, maxSize: 200, maxSearch: 254 } as const;

/**
 * A search's total is counted up to this many; past it the answer says `totalCapped` (the screen
 * shows "more than 10,000"): counting every match of a common fragment would read the list.
 */
export const SEARCH_COUNT_CAP = 10_000;

/**
 * The filter's statuses and the stored statuses each stands for. 'unsub' is what the built-in
 * lists store (and 'deleted', Brevo's word, reads as unsubscribed too); 'bounce' is Brevo's and
 * the demo data's spelling of bounced.
 */
export const MEMBER_STATUS_FILTERS = {
  active: ['active'],
  unsubscribed: ['unsub', 'unsubscribed', 'deleted'],
  blocked: ['blocked'],
  bounced: ['bounced', 'bounce'],
  unconfirmed: ['unconfirmed'],
} as const satisfies Record<string, readonly string[]>;
export type MemberStatusFilter = keyof typeof MEMBER_STATUS_FILTERS;
export const MEMBER_STATUS_FILTER_NAMES = Object.keys(MEMBER_STATUS_FILTERS) as [
  MemberStatusFilter,
  ...MemberStatusFilter[],
];

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
