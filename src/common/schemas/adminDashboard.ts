// GET /api/admin/dashboard (admins; beyond the spec, which shows placeholder counts): the
// network's real counts and every chapter's health, with the chapters that have lapsed.
import { z } from 'zod';

/** Spec 1 §2: a chapter with no email in two months is removed; the dashboard flags it first. */
export const LAPSED_EMAIL_DAYS = 61;

export const LAPSED_REASONS = ['no_recent_email', 'no_upcoming_event'] as const;
export type LapsedReason = (typeof LAPSED_REASONS)[number];

export const dashboardCountsSchema = z.object({
  activeChapters: z.number().int(),
  hiddenChapters: z.number().int(),
  openApplications: z.number().int(),
  users: z.number().int(),
  /** Active contacts of the built-in mailing lists (one person on two lists counts twice). */
  listMembers: z.number().int(),
  /** Chapters (active ones only) with at least one lapsed reason. */
  lapsedChapters: z.number().int(),
});
export type DashboardCounts = z.infer<typeof dashboardCountsSchema>;

export const dashboardChapterSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  displayTitle: z.string(),
  slug: z.string(),
  state: z.string(),
  status: z.number().int(),
  /** The latest date, on or before today in the chapter's zone, one of its events met on. */
  lastEventDate: z.string().nullable(),
  /** The next date one of its events meets on, 'YYYY-MM-DD' local to the chapter. */
  nextEventDate: z.string().nullable(),
  /** When the last email went to its list (a sent email is also a chapter post). */
  lastEmailAt: z.string().nullable(),
  /** Active contacts of its list (the list the email-service setting names); 0 without one. */
  memberCount: z.number().int(),
  /** Its chapter hosts (role 3), by name. */
  hosts: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
  /** No email for LAPSED_EMAIL_DAYS, or no upcoming event (hidden chapters too). */
  isLapsed: z.boolean(),
  lapsedReasons: z.array(z.enum(LAPSED_REASONS)),
});
export type DashboardChapter = z.infer<typeof dashboardChapterSchema>;

/** Chapters by state, then display title. */
export const adminDashboardSchema = z.object({
  counts: dashboardCountsSchema,
  chapters: z.array(dashboardChapterSchema),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
