// The Members screen's page limits and status filter (issue 23): plain values the screen and the
// server's schemas (schemas/members.ts) share, in a module of no schemas, so the screen's chunk
// brings no answer schema along (web/answerSchemas.test.ts).

export const MEMBER_PAGE = { defaultSize: 50, maxSize: 200, maxSearch: 254 } as const;

/**
 * A search's total is counted up to this many; past it the answer says `totalCapped` (the screen
 * shows "more than 1,000"): counting every match of a common fragment would read the list. A
 * thousand is twenty pages, more than anyone looking for one member pages through, and stops a
 * common fragment's count after a thousand matches (10,000 took 10-25 ms of a 50 ms budget at
 * 200,000 members: docs/performance.md).
 */
export const SEARCH_COUNT_CAP = 1_000;

/**
 * What a built-in list stores in mailing_list_contacts.status, by the name the Members screen
 * and the export give it. Every writer of a status takes it from here: the stored words are
 * the old site's ('unsub', 'bounce'), the names are the screen's.
 */
export const STORED_STATUS = {
  active: 'active',
  unsubscribed: 'unsub',
  blocked: 'blocked',
  bounced: 'bounce',
  unconfirmed: 'unconfirmed',
} as const;
export type StoredStatus = (typeof STORED_STATUS)[keyof typeof STORED_STATUS];

/**
 * The filter's statuses and the stored statuses each stands for: the built-in lists' word
 * first, then other spellings a list may hold ('deleted', Brevo's word for a removed contact,
 * reads as unsubscribed; 'unsubscribed' and 'bounced' as older data spelled them).
 */
export const MEMBER_STATUS_FILTERS = {
  active: [STORED_STATUS.active],
  unsubscribed: [STORED_STATUS.unsubscribed, 'unsubscribed', 'deleted'],
  blocked: [STORED_STATUS.blocked],
  bounced: [STORED_STATUS.bounced, 'bounced'],
  unconfirmed: [STORED_STATUS.unconfirmed],
} as const satisfies Record<keyof typeof STORED_STATUS, readonly string[]>;
export type MemberStatusFilter = keyof typeof MEMBER_STATUS_FILTERS;
export const MEMBER_STATUS_FILTER_NAMES = Object.keys(MEMBER_STATUS_FILTERS) as [
  MemberStatusFilter,
  ...MemberStatusFilter[],
];

/** The screen's name for a stored status ('unsub' -> 'unsubscribed'), or null for a word it has none for. */
export function memberStatusName(stored: string): MemberStatusFilter | null {
  for (const name of MEMBER_STATUS_FILTER_NAMES) {
    if ((MEMBER_STATUS_FILTERS[name] as readonly string[]).includes(stored)) return name;
  }
  return null;
}
