// Text in an HTML element or attribute: nothing in it can open a tag or close the attribute. The
// one escaper of the pages the server writes, the emails and the embeds (widget and frames).
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
