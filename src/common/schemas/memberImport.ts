// POST /api/mailing_list/chapter/{chapterId}/import (issue 23): the answer to a CSV import.
import { z } from 'zod';

export const importRefusalSchema = z.object({
  /** The file's line the row starts on (1 is the first line, the header if there is one). */
  line: z.number().int().min(1),
  /** The address cell as the file has it (trimmed). */
  value: z.string(),
  reason: z.string(),
});

export const memberImportAnswerSchema = z.object({
  /** New on the list, active and confirmed (the host vouches for them). */
  added: z.number().int().min(0),
  /** On the list already (an unconfirmed one is now confirmed): left as they were. */
  alreadyMembers: z.number().int().min(0),
  refused: z.array(importRefusalSchema),
});

export type ImportRefusal = z.infer<typeof importRefusalSchema>;
export type MemberImportAnswer = z.infer<typeof memberImportAnswerSchema>;
