// GET /api/chapter/{id}/setup (host access): a chapter's setup checklist (issue 35, item 6;
// common/chapterSetup.ts names the steps), and the answer of POST /api/chapter/{id}/make_active.
import { z } from 'zod';
import { SETUP_STEPS, type SetupStepKey } from '../chapterSetup';

const doneSchema = z.object(
  Object.fromEntries(SETUP_STEPS.map((s) => [s.key, z.boolean()])) as Record<
    SetupStepKey,
    z.ZodBoolean
  >,
);

export const chapterSetupSchema = z.object({
  chapterId: z.number().int(),
  /** Each step, done or not. */
  done: doneSchema,
  /** Every step of the host's is done: an admin may make the chapter active. */
  hostPartDone: z.boolean(),
});
export type ChapterSetup = z.infer<typeof chapterSetupSchema>;
