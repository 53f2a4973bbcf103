/**
 * Spec 1 §5: text that is only an empty paragraph or div (Quill's empty document, '<p><br></p>')
 * counts as empty.
 */
export function isEmptyRichText(html: string | null | undefined): boolean {
  if (!html) return true;
  const stripped = html
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/<br\s*\/?>/gi, '')
    .replace(/<\/?(p|div)(\s[^>]*)?>/gi, '')
    .trim();
  return stripped === '';
}
