// A chapter's health (issue 35, docs/decisions/22-chapter-figures.md): the one rule the admins'
// health table, its "Lapsed only" filter and summary card, and the host's dashboard all read.
// Lapsed is common/lapsed.ts's rule (spec 1 §2: no email in two months, or no meeting to
// come); at risk is what comes before it: no host, no members, or nothing in 60 days.
import { chapterLapse, type LapsedReason } from './lapsed';

/** Sixty days without an email that went or a meeting held: the chapter is at risk. */
export const QUIET_DAYS = 60;

export const AT_RISK_REASONS = ['no_host', 'no_members', 'nothing_in_60_days'] as const;
export type AtRiskReason = (typeof AT_RISK_REASONS)[number];
export type HealthReason = LapsedReason | AtRiskReason;
export const HEALTH_REASONS = [
  'no_recent_email',
  'no_upcoming_event',
  ...AT_RISK_REASONS,
] as const satisfies readonly HealthReason[];

/** 'hidden': a hidden chapter is off the site, so neither lapsed nor at risk. */
export const HEALTH_LEVELS = ['lapsed', 'at_risk', 'ok', 'hidden'] as const;
export type HealthLevel = (typeof HEALTH_LEVELS)[number];

/** What each reason reads as on a screen: the same words on every screen. */
export const HEALTH_REASON_TEXT: Record<HealthReason, string> = {
  no_recent_email: 'no email in 2 months',
  no_upcoming_event: 'no upcoming event',
  no_host: 'no host',
  no_members: 'no members',
  nothing_in_60_days: 'no email or meeting in 60 days',
};

export const HEALTH_LEVEL_TEXT: Record<HealthLevel, string> = {
  lapsed: 'Lapsed',
  at_risk: 'At risk',
  ok: 'OK',
  hidden: 'Not counted',
};

export interface ChapterHealthInput {
  status: number;
  createdAt: string | Date;
  /** The last send that went (a copy delivered); null when none. */
  lastEmailAt: string | Date | null;
  /** The last date one of its events was held, 'YYYY-MM-DD' local to the chapter. */
  lastEventDate: string | null;
  nextEventDate: string | null;
  hostCount: number;
  /** Confirmed active members of its list. */
  memberCount: number;
}

export interface ChapterHealth {
  level: HealthLevel;
  /** Why, worst first: a lapsed chapter's lapse reasons, then what puts it at risk. */
  reasons: HealthReason[];
  /** The lapse rule's own answer (kept for the "Lapsed only" filter and the grace badge). */
  isLapsed: boolean;
  lapsedReasons: LapsedReason[];
  graceUntil: Date | null;
}

const DAY_MS = 86_400_000;

/** Where a chapter stands at `now`, and why. */
export function chapterHealth(chapter: ChapterHealthInput, now: Date = new Date()): ChapterHealth {
  const lapse = chapterLapse(chapter, now);
  if (chapter.status !== 1) {
    return { level: 'hidden', reasons: [], isLapsed: false, lapsedReasons: [], graceUntil: null };
  }
  const atRisk: AtRiskReason[] = [];
  if (chapter.hostCount === 0) atRisk.push('no_host');
  if (chapter.memberCount === 0) atRisk.push('no_members');
  const since = now.getTime() - QUIET_DAYS * DAY_MS;
  const emailed = chapter.lastEmailAt !== null && new Date(chapter.lastEmailAt).getTime() >= since;
  // A date is held at the chapter; its day started at most a day before UTC's.
  const met =
    chapter.lastEventDate !== null &&
    new Date(`${chapter.lastEventDate}T00:00:00Z`).getTime() >= since - DAY_MS;
  // A new chapter has its first two months (lapsed.ts) before silence counts against it.
  if (!emailed && !met && !lapse.graceUntil) atRisk.push('nothing_in_60_days');
  const level: HealthLevel = lapse.isLapsed ? 'lapsed' : atRisk.length > 0 ? 'at_risk' : 'ok';
  return {
    level,
    reasons: [...lapse.reasons, ...atRisk],
    isLapsed: lapse.isLapsed,
    lapsedReasons: lapse.reasons,
    graceUntil: lapse.graceUntil,
  };
}
