// "Move the lists home" (issue 24): each chapter's Brevo list copied into its built-in list, by
// the /admin/email Brevo tab's button (POST and GET /api/admin/email/brevo_move) or by
// `npm run import:brevo-lists`.
import { z } from 'zod';

const n = z.number().int().nonnegative();

/** Contacts of one list, or of all of them. */
export const brevoMoveCountsSchema = z.object({
  /** Read from Brevo. */
  read: n,
  /** New on the built-in list (whatever their status). */
  added: n,
  /** On the built-in list already (an earlier run, or added here). */
  already: n,
  /** Of those read, unsubscribed from the list at Brevo: kept unsubscribed. */
  unsubscribed: n,
  /** Of those read, on Brevo's blocklist: kept blocked. */
  blocklisted: n,
});
export type BrevoMoveCounts = z.infer<typeof brevoMoveCountsSchema>;

/** One chapter's line of the report. */
export const brevoMoveChapterSchema = brevoMoveCountsSchema.extend({
  chapterId: z.number().int(),
  chapter: z.string(),
  brevoListId: z.string(),
  /** The built-in list the members are on now (the chapter's brontoListId). */
  builtinListId: z.string().nullable(),
  /** Why this chapter's list was not copied (the others were). */
  error: z.string().nullable(),
});
export type BrevoMoveChapter = z.infer<typeof brevoMoveChapterSchema>;

export const brevoMoveProgressSchema = z.object({
  chaptersTotal: n,
  chaptersDone: n,
  /** The chapter being copied now. */
  current: z.string().nullable(),
  totals: brevoMoveCountsSchema,
});
export type BrevoMoveProgress = z.infer<typeof brevoMoveProgressSchema>;

export const BREVO_MOVE_STATUSES = ['running', 'done', 'failed', 'stopped'] as const;

export const brevoMoveRunSchema = z.object({
  id: z.number().int(),
  status: z.enum(BREVO_MOVE_STATUSES),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  progress: brevoMoveProgressSchema,
  /** Every chapter's line, once the run is over. */
  chapters: z.array(brevoMoveChapterSchema),
  error: z.string().nullable(),
});
export type BrevoMoveRun = z.infer<typeof brevoMoveRunSchema>;

/** GET /api/admin/email/brevo_move: the latest run (null before the first); POST: the new one. */
export const brevoMoveStateSchema = z.object({
  brevoConfigured: z.boolean(),
  run: brevoMoveRunSchema.nullable(),
});
export type BrevoMoveState = z.infer<typeof brevoMoveStateSchema>;

export const BREVO_MOVE_TEXT = {
  running: 'A move of the lists is already running.',
  notConfigured: 'Brevo is not configured (BREVO_API_KEY): there are no Brevo lists to move.',
  stopped: 'The server running the move stopped before it finished; start it again to finish.',
} as const;
