// An Atom feed (RFC 4287) written by hand: a few elements, every text escaped for XML. Entries'
// bodies are the posts' HTML (sanitized when saved and on the way out), sent as escaped text in
// <content type="html">, as the RFC has it; nothing a host typed can close an element.

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
// Characters XML 1.0 forbids anywhere, even escaped: dropped.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export const xml = (s: string) =>
  s.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

export interface AtomEntry {
  /** A permanent, unique id: the entry's URL with its database id, as a tag would be. */
  id: string;
  title: string;
  url: string;
  /** ISO instants. */
  published: string;
  updated: string;
  author: string | null;
  html: string;
}

export interface AtomFeed {
  /** The feed's own URL (also its id). */
  self: string;
  /** The page it follows. */
  page: string;
  title: string;
  subtitle?: string;
  /** The newest entry's update, or when the feed was built when it has none. */
  updated: string;
  /** Named on the feed when an entry has no author of its own (RFC 4287 §4.1.1). */
  author: string;
  entries: readonly AtomEntry[];
}

export function atomFeed(feed: AtomFeed): string {
  const entries = feed.entries.map(
    (e) =>
      '<entry>' +
      `<id>${xml(e.id)}</id>` +
      `<title type="text">${xml(e.title)}</title>` +
      `<link rel="alternate" type="text/html" href="${xml(e.url)}"/>` +
      `<published>${xml(e.published)}</published>` +
      `<updated>${xml(e.updated)}</updated>` +
      (e.author ? `<author><name>${xml(e.author)}</name></author>` : '') +
      `<content type="html">${xml(e.html)}</content>` +
      '</entry>',
  );
  return (
    '<?xml version="1.0" encoding="utf-8"?>\n' +
    '<feed xmlns="http://www.w3.org/2005/Atom">' +
    `<id>${xml(feed.self)}</id>` +
    `<title type="text">${xml(feed.title)}</title>` +
    (feed.subtitle ? `<subtitle type="text">${xml(feed.subtitle)}</subtitle>` : '') +
    `<updated>${xml(feed.updated)}</updated>` +
    `<link rel="self" type="application/atom+xml" href="${xml(feed.self)}"/>` +
    `<link rel="alternate" type="text/html" href="${xml(feed.page)}"/>` +
    `<author><name>${xml(feed.author)}</name></author>` +
    entries.join('') +
    '</feed>\n'
  );
}
