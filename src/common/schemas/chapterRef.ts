// The chapter another answer names (a user's role, an event, a dashboard row): enough of it to
// name and link it, one shape wherever it appears. Apart from chapters.ts, so an answer that only
// names a chapter does not carry the chapter's whole schema into its chunk.
import { z } from 'zod';

export const chapterRefSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  displayTitle: z.string(),
  slug: z.string(),
  state: z.string(),
  status: z.number().int(),
});
export type ChapterRef = z.infer<typeof chapterRefSchema>;
