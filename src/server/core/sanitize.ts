// The one rich-text sanitizer: admin and host editors run every HTML body through it before
// saving, and the content routes run it again on the way out (cheap insurance for rows written
// before the rules tightened, or by hand). It keeps what Quill 2's toolbar produces (spec 1 §9)
// and nothing that can run script.
import sanitizeHtml from 'sanitize-html';

const VIDEO_HOSTS = [
  'www.youtube.com',
  'youtube.com',
  'www.youtube-nocookie.com',
  'player.vimeo.com',
];

// A colour as Quill writes it (rgb(...), #hex) or a colour keyword; nothing with url( or ;.
const COLOUR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i,
  /^[a-z]{3,20}$/i,
];

const TABLE_TAGS = [
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'colgroup',
  'col',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'pre',
    'code',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ol',
    'ul',
    'li',
    'sub',
    'sup',
    'span',
    // Quill 2 keeps code blocks in <div class="ql-code-block"> inside a container div.
    'div',
    'a',
    'img',
    'iframe',
    ...TABLE_TAGS,
  ],
  allowedAttributes: {
    '*': ['class'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt'],
    iframe: ['src', 'frameborder', 'allowfullscreen'],
    span: ['style'],
    // Quill 2 writes every list as <ol> and tells bullets from numbers by data-list.
    li: ['data-list'],
    pre: ['data-language'],
    div: ['data-language'],
    td: ['data-row', 'colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedClasses: { '*': [/^ql-[a-z0-9-]+$/] },
  allowedStyles: { span: { color: COLOUR, 'background-color': COLOUR } },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // Quill embeds pasted images as data: URIs; an image (even SVG) in <img> runs no script.
  // Images from elsewhere are kept over https only, which the Content-Security-Policy allows
  // (plugins/security.ts); an http image would be blocked on our https pages.
  allowedSchemesByTag: { img: ['https', 'data'], iframe: ['https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: VIDEO_HOSTS,
  allowIframeRelativeUrls: false,
  transformTags: {
    // A link that opens a new window must not hand that window our page (reverse tabnabbing).
    a: (tagName, { target, rel: _rel, ...attribs }) => ({
      tagName,
      attribs: target === '_blank' ? { ...attribs, target, rel: 'noopener noreferrer' } : attribs,
    }),
  },
  // An iframe whose source was refused, or an image without one, is dropped whole.
  exclusiveFilter: (frame) => (frame.tag === 'iframe' || frame.tag === 'img') && !frame.attribs.src,
  disallowedTagsMode: 'discard',
};

const NBSP = /&nbsp;|&#160;|&#x0*a0;|\u00a0/gi;

/** Sanitized HTML, with non-breaking spaces made ordinary spaces (spec 1 §9). */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html.replace(NBSP, ' '), OPTIONS).replace(NBSP, ' ');
}

/** True when the text holds nothing but empty paragraphs or divs (spec 1 §5). */
export function isBlankRichText(html: string): boolean {
  const text = sanitizeHtml(sanitizeRichText(html), {
    allowedTags: ['img', 'iframe'],
    allowedAttributes: false,
  });
  return text.trim() === '';
}
