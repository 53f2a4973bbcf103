// What the admins' content editor checks in the browser as the server does (spec 2 Editor
// screens): the slug's rule, and the words for a wiki page whose text may not be edited. Apart
// from the content's answers (content.ts, which passes these on) so the editor's chunk holds no
// answer schema.
import { z } from 'zod';

/** Slugs of blog posts, pages and wiki pages: lowercase letters, digits and underscores. */
export const CONTENT_SLUG_PATTERN = /^[a-z0-9_]+$/;
export const contentSlugSchema = z
  .string()
  .trim()
  .min(1, 'Slug is Required')
  .max(100)
  .regex(CONTENT_SLUG_PATTERN, 'Use lowercase letters, numbers and underscores only');

export const WIKI_NOT_EDITABLE_MESSAGE =
  'This page cannot be edited directly: the text editor would ruin its formatting. Contact an admin.';
