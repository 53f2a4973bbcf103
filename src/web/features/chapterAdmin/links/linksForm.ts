// The Links form (spec 2 §2 Links, §5): the request's rules, plus one the server cannot know.
import { z } from 'zod';
import type { ChapterLink } from '../../../../common/schemas/chapters';
import { chapterLinksSaveSchema } from '../../../../common/schemas/chapterEdits';

export const NEEDS_TITLE = 'Give the link a title, or leave its URL blank to delete it.';

/**
 * The server drops a row with a blank title as quietly as one with a blank URL; only a blank URL
 * is meant to delete, so a URL without a title is stopped here rather than lost.
 */
export const linksFormSchema = chapterLinksSaveSchema.superRefine((value, ctx) => {
  value.links.forEach((link, i) => {
    if (link.url !== '' && link.title === '') {
      ctx.addIssue({ code: 'custom', path: ['links', i, 'title'], message: NEEDS_TITLE });
    }
  });
});

export type LinksForm = z.input<typeof linksFormSchema>;
export type LinksFormOutput = z.output<typeof linksFormSchema>;

export const BLANK_ROW = { title: '', url: '' };

/** The saved links, and the blank row that is always at the end. */
export function rowsOf(links: readonly ChapterLink[]): LinksForm {
  return { links: [...links.map((l) => ({ title: l.title, url: l.url })), { ...BLANK_ROW }] };
}

/** `body.links.3.url` in a 400 answer is the form's `links.3.url`. */
export function formFieldOf(serverField: string): `links.${number}.${'title' | 'url'}` | null {
  const match = /^body\.links\.(\d+)\.(title|url)$/.exec(serverField);
  if (!match) return null;
  return `links.${Number(match[1])}.${match[2] as 'title' | 'url'}`;
}
