// When a chapter counts as lapsed for want of email. Spec 1 §2's hosting rules: chapters with no
// email in two months are removed. The admins' chapter health flags such a chapter as lapsed
// (modules/dashboard), and its host's dashboard warns ahead of that: both read it from here.
// A chapter's emails are also its posts, so its last post date is the date of its last email.

/** Two months, in days: past this since the last email, a chapter has lapsed. */
export const LAPSED_EMAIL_DAYS = 61;

/** Six weeks: from this long since the last email, its host is warned of the date it lapses. */
export const LAPSE_WARNING_DAYS = 42;

const DAY_MS = 86_400_000;

export interface EmailLapse {
  /**
   * 'current': emailed within six weeks; 'due': lapses at `lapsesAt` unless an email goes out
   * first; 'lapsed': past it, or never emailed.
   */
  state: 'current' | 'due' | 'lapsed';
  /** The instant it lapses (or lapsed) for want of email; null when it never emailed. */
  lapsesAt: Date | null;
}

/** Where a chapter whose last email went out at `lastEmail` stands at `now`. */
export function emailLapse(lastEmail: string | Date | null, now: Date = new Date()): EmailLapse {
  if (lastEmail === null) return { state: 'lapsed', lapsesAt: null };
  const sent = new Date(lastEmail).getTime();
  const lapsesAt = new Date(sent + LAPSED_EMAIL_DAYS * DAY_MS);
  const since = now.getTime() - sent;
  if (since > LAPSED_EMAIL_DAYS * DAY_MS) return { state: 'lapsed', lapsesAt };
  return { state: since >= LAPSE_WARNING_DAYS * DAY_MS ? 'due' : 'current', lapsesAt };
}

// The admins' chapter health (issue 21): the one rule the summary card, the "Lapsed only" filter
// and each row's badge all read, so they can never disagree.

/** Why a chapter is lapsed: no email in two months, or no event to come. */
export const LAPSED_REASONS = ['no_recent_email', 'no_upcoming_event'] as const;
export type LapsedReason = (typeof LAPSED_REASONS)[number];

/**
 * A new chapter's first two months: it has not had the time to email its list or set up its
 * meeting, so neither counts against it yet (a chapter made from an application minutes ago
 * was flagged lapsed). Its email clock starts when it was created.
 */
export const NEW_CHAPTER_GRACE_DAYS = LAPSED_EMAIL_DAYS;

export interface ChapterHealthFacts {
  /** Only an active chapter (status 1) can lapse: a hidden one is already off the site. */
  status: number;
  createdAt: string | Date;
  lastEmailAt: string | Date | null;
  /** Its next meeting, 'YYYY-MM-DD' local to the chapter; null when none is to come. */
  nextEventDate: string | null;
}

export interface ChapterLapse {
  isLapsed: boolean;
  reasons: LapsedReason[];
  /** While a new chapter is spared: the end of its first two months; null otherwise. */
  graceUntil: Date | null;
}

/** Whether a chapter has lapsed at `now`, and why. */
export function chapterLapse(chapter: ChapterHealthFacts, now: Date = new Date()): ChapterLapse {
  const created = new Date(chapter.createdAt).getTime();
  const graceEnds = created + NEW_CHAPTER_GRACE_DAYS * DAY_MS;
  const graceUntil = now.getTime() < graceEnds ? new Date(graceEnds) : null;
  if (chapter.status !== 1) return { isLapsed: false, reasons: [], graceUntil: null };
  const emailed = chapter.lastEmailAt === null ? null : new Date(chapter.lastEmailAt).getTime();
  const reasons: LapsedReason[] = [];
  // Never emailed: the two months run from its creation.
  if (emailLapse(new Date(Math.max(emailed ?? created, created)), now).state === 'lapsed') {
    reasons.push('no_recent_email');
  }
  if (chapter.nextEventDate === null && !graceUntil) reasons.push('no_upcoming_event');
  return { isLapsed: reasons.length > 0, reasons, graceUntil };
}
