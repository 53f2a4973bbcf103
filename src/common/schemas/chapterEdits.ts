// What a chapter's hosts edit of its public page: a press mention and the list of links. The
// server's routes and the browser's forms check with the same schemas; they live apart from the
// chapter's answers (chapters.ts, which passes them on) so a form's chunk holds no answer schema.
import { z } from 'zod';
import { MAX_DB_ID } from './ids';

export const PRESS_MESSAGES = { title: 'Title is Required', url: 'URL is Required' } as const;

/**
 * POST /api/press_mention/: a new mention (no slug) or the one with that slug. `chapterId` -1 or
 * null is a network-wide mention (admins only). Answers the saved mention.
 */
export const pressMentionSaveSchema = z.object({
  slug: z.string().min(1).max(300).optional(),
  title: z.string().trim().min(1, PRESS_MESSAGES.title).max(300),
  url: z
    .string()
    .trim()
    .min(1, PRESS_MESSAGES.url)
    .max(2000)
    .pipe(z.url({ protocol: /^https?$/, error: 'Enter a web address starting with http(s)://' })),
  notes: z.string().trim().max(5000).default(''),
  isVisible: z.boolean().default(true),
  chapterId: z.number().int().min(-1).max(MAX_DB_ID, 'No such id').nullable(),
});
export type PressMentionSave = z.input<typeof pressMentionSaveSchema>;

/** A link the chapter page may show: the web or mail, never javascript: or anything else. */
export function isSafeLinkUrl(url: string): boolean {
  return /^(https?:\/\/|mailto:)/i.test(url) && URL.canParse(url);
}

/**
 * POST /api/chapter_link/chapter/{chapterId}: the whole list. A row with a blank title or URL is
 * accepted and dropped on save (spec 2 §5: blanking a URL deletes the link), whatever the other
 * field holds; the URL of a row that is kept must be a web or mail address (400 naming
 * body.links.{i}.url). The rows stay in the parsed list so a form's errors keep their indexes.
 */
export const chapterLinksSaveSchema = z.object({
  links: z
    .array(
      z
        .object({
          title: z.string().trim().max(200).default(''),
          url: z.string().trim().max(2000).default(''),
        })
        .superRefine((link, ctx) => {
          if (link.title !== '' && link.url !== '' && !isSafeLinkUrl(link.url)) {
            ctx.addIssue({
              code: 'custom',
              path: ['url'],
              message: 'Enter a web address starting with http(s)://',
            });
          }
        }),
    )
    .max(100),
});
export type ChapterLinksSave = z.input<typeof chapterLinksSaveSchema>;
