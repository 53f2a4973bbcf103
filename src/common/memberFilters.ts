// The Members screen's page limits and status filter (issue 23): plain values the screen and the
// server's schemas (schemas/members.ts) share, in a module of no schemas, so the screen's chunk
// brings no answer schema along (web/answerSchemas.test.ts).

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
