// GET /api/admin/dashboard (admins; beyond the spec, which shows placeholder counts): the
// network's real counts and every chapter's health, with the chapters that have lapsed.
import { z } from 'zod';
import { LAPSED_REASONS } from '../lapsed';
import { HEALTH_LEVELS, HEALTH_REASONS } from '../chapterHealth';
import { chapterRefSchema } from './chapterRef';

/** Spec 1 §2: a chapter with no email in two months is removed; the dashboard flags it first. */
export { LAPSED_EMAIL_DAYS } from '../lapsed';
export { LAPSED_REASONS, type LapsedReason } from '../lapsed';

export const dashboardCountsSchema = z.object({
  activeChapters: z.number().int(),
  hiddenChapters: z.number().int(),
  openApplications: z.number().int(),
  users: z.number().int(),
  /** Active contacts of the built-in mailing lists (one person on two lists counts twice). */
  listMembers: z.number().int(),
  /** Chapters with isLapsed: exactly the rows "Lapsed only" shows. */
  lapsedChapters: z.number().int(),
  /** Chapters whose health is at risk. */
  atRiskChapters: z.number().int(),
});
export type DashboardCounts = z.infer<typeof dashboardCountsSchema>;

export const dashboardChapterSchema = chapterRefSchema.extend({
  // Each figure as docs/decisions/22-chapter-figures.md defines it, the same on every screen.
  /**
   * The last date one of its events was held: a scheduled date that has ended, not skipped,
   * not before the event existed, or a date counted at the door.
   */
  lastEventDate: z.string().nullable(),
  /** The next date one of its events meets on, 'YYYY-MM-DD' local to the chapter. */
  nextEventDate: z.string().nullable(),
  /** The last send that went: when the newest message with a copy delivered was sent. */
  lastEmailAt: z.string().nullable(),
  /** Confirmed active members of its list (the one the email-service setting names); 0 without. */
  memberCount: z.number().int(),
  /**
   * Its last meeting counted at the door (issue 33): the date (the rule's) and how many came;
   * null when no count was ever saved. A signal beside the lapse: a chapter still emailing
   * whose meetings draw nobody needs a call.
   */
  lastAttendance: z
    .object({ date: z.string(), attended: z.number().int() })
    .nullable()
    .default(null),
  /** Its chapter hosts (role 3), by name. */
  hosts: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
  /** common/lapsed.ts chapterLapse: an active chapter past its first two months with a reason. */
  isLapsed: z.boolean(),
  lapsedReasons: z.array(z.enum(LAPSED_REASONS)),
  /** A new chapter is spared until then (ISO instant); null once it is two months old. */
  graceUntil: z.string().nullable(),
  /** common/chapterHealth.ts: lapsed, at risk or OK (hidden: not counted), and why. */
  health: z.enum(HEALTH_LEVELS),
  healthReasons: z.array(z.enum(HEALTH_REASONS)),
});
export type DashboardChapter = z.infer<typeof dashboardChapterSchema>;

/** Chapters by state, then display title. */
export const adminDashboardSchema = z.object({
  counts: dashboardCountsSchema,
  chapters: z.array(dashboardChapterSchema),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
