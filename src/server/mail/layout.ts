// One look for every message the site sends (issue 34, docs/decisions/24-email-layout.md): the
// network's name and logo, the chapter's name and link, the message's blocks (paragraphs, a
// button, a meeting), and a footer that says why the reader gets it; for list mail, the
// unsubscribe link. Mail clients strip <style> and external CSS, so everything is tables and
// inline styles. Every value is escaped here: callers pass plain text, except the `html` block,
// which takes HTML already sanitized (a host's message).
import { SITE_NAME } from '../../common/constants';
import type { OutgoingMail } from './mailer';
import { NETWORK_CONTACT_EMAIL } from '../../common/brand';
import { escapeHtml } from './escapeHtml';
import { meetingHtml, meetingText, type MeetingBlock } from './layoutMeeting';

export type { MeetingBlock } from './layoutMeeting';
export { escapeHtml } from './escapeHtml';

/** The colours and type of the site (docs/decisions/16-brand.md), as mail can carry them. */
export const MAIL_STYLE = {
  primary: '#7a3e9d',
  ink: '#2b2233',
  muted: '#6b6175',
  page: '#f4f1f6',
  panel: '#faf7fc',
  rule: '#e4dcea',
  font: "Figtree,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif",
} as const;

/** The logo as a picture: mail clients show no SVG (scripts/email-logo.ts draws it). */
export const LOGO_PATH = '/email-logo.png';

export type Block =
  /** A paragraph of plain text; its line breaks are kept. */
  | { p: string; small?: boolean }
  /** Lines as a bulleted list (the text part numbers them if `numbered`). */
  | { items: string[]; numbered?: boolean }
  /** The one thing to do: a button, with its address written under it if `showUrl`. */
  | { button: string; url: string; showUrl?: boolean }
  /** A link in a line of its own: "label: url" in the text part. */
  | { link: string; url: string }
  | { meeting: MeetingBlock }
  /** Sanitized HTML (a host's message), with its plain-text form. */
  | { html: string; text: string };

export interface Letter {
  publicUrl: string;
  subject: string;
  /** The line many clients show after the subject; defaults to nothing. */
  preheader?: string;
  /** Whose message it is, under the network's name. */
  chapter?: { name: string; url: string } | null;
  greeting?: string;
  blocks: Block[];
  /** The sign-off's lines ("See you there," / "The hosts of ..."). */
  signoff?: string[];
  /** Why the reader gets this (transactional mail), in the footer. */
  reason?: string;
  /** List mail: the footer names the list and links its unsubscribe page. */
  list?: { name: string; unsubscribeUrl: string } | null;
}

export interface Rendered {
  html: string;
  text: string;
}

const S = MAIL_STYLE;
const linkStyle = `color:${S.primary};text-decoration:underline`;
const pStyle = 'margin:0 0 16px';

const paragraph = (text: string, small = false) =>
  `<p style="${pStyle}${small ? `;font-size:14px;color:${S.muted}` : ''}">${escapeHtml(text).replaceAll('\n', '<br>')}</p>`;

function button(label: string, url: string, showUrl: boolean): string {
  const href = escapeHtml(url);
  const bulletproof =
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:4px 0 20px"><tr>` +
    `<td style="border-radius:6px;background:${S.primary}">` +
    `<a href="${href}" style="display:inline-block;padding:12px 24px;font-family:${S.font};font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(label)}</a>` +
    `</td></tr></table>`;
  const written = showUrl
    ? `<p style="${pStyle};font-size:13px;color:${S.muted}">If the button does not work, copy this address into your browser:<br><a href="${href}" style="${linkStyle};word-break:break-all">${href}</a></p>`
    : '';
  return bulletproof + written;
}

function blockHtml(block: Block): string {
  if ('p' in block) return paragraph(block.p, block.small);
  if ('items' in block) {
    const tag = block.numbered ? 'ol' : 'ul';
    const items = block.items.map((i) => `<li style="margin:0 0 6px">${escapeHtml(i)}</li>`);
    return `<${tag} style="margin:0 0 16px;padding:0 0 0 22px">${items.join('')}</${tag}>`;
  }
  if ('button' in block) return button(block.button, block.url, block.showUrl ?? false);
  if ('link' in block) {
    return `<p style="${pStyle}"><a href="${escapeHtml(block.url)}" style="${linkStyle}">${escapeHtml(block.link)}</a></p>`;
  }
  if ('meeting' in block) return meetingHtml(block.meeting);
  return `<div style="margin:0 0 16px">${block.html}</div>`;
}

function blockText(block: Block): string {
  if ('p' in block) return block.p;
  if ('items' in block) {
    return block.items.map((i, n) => `${block.numbered ? `${n + 1}.` : '-'} ${i}`).join('\n');
  }
  if ('button' in block) return `${block.button}:\n${block.url}`;
  if ('link' in block) return `${block.link}: ${block.url}`;
  if ('meeting' in block) return meetingText(block.meeting);
  return block.text.trim();
}

function header(letter: Letter): string {
  const site = escapeHtml(letter.publicUrl);
  const chapter = letter.chapter
    ? `<br><a href="${escapeHtml(letter.chapter.url)}" style="font-size:15px;font-weight:600;color:${S.primary};text-decoration:none">${escapeHtml(letter.chapter.name)}</a>`
    : '';
  return (
    `<tr><td style="padding:18px 28px;border-bottom:3px solid ${S.primary}">` +
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>` +
    `<td style="vertical-align:middle;padding:0 12px 0 0"><a href="${site}"><img src="${site}${LOGO_PATH}" width="36" height="36" alt="" style="display:block;border:0;width:36px;height:36px"></a></td>` +
    `<td style="vertical-align:middle;font-family:${S.font};line-height:1.3">` +
    `<a href="${site}" style="font-size:18px;font-weight:700;color:${S.ink};text-decoration:none">${escapeHtml(SITE_NAME)}</a>${chapter}` +
    `</td></tr></table></td></tr>`
  );
}

function footerLines(letter: Letter): { html: string[]; text: string[] } {
  const html: string[] = [];
  const text: string[] = [];
  if (letter.list) {
    const url = escapeHtml(letter.list.unsubscribeUrl);
    html.push(
      `You get this email as a member of the ${escapeHtml(letter.list.name)} mailing list. ` +
        `<a href="${url}" style="color:${S.muted};text-decoration:underline">Unsubscribe</a>`,
    );
    text.push(
      `You get this email as a member of the ${letter.list.name} mailing list.`,
      `Unsubscribe: ${letter.list.unsubscribeUrl}`,
    );
  } else if (letter.reason) {
    html.push(escapeHtml(letter.reason));
    text.push(letter.reason);
  }
  const network = `${SITE_NAME} · ${letter.publicUrl.replace(/^https?:\/\//, '')} · ${NETWORK_CONTACT_EMAIL}`;
  html.push(
    `<a href="${escapeHtml(letter.publicUrl)}" style="color:${S.muted};text-decoration:none">${escapeHtml(network)}</a>`,
  );
  text.push(network);
  return { html, text };
}

/** The letter as HTML (tables, inline styles) and as plain text, saying the same. */
export function renderLetter(letter: Letter): Rendered {
  const body = [
    letter.greeting ? paragraph(letter.greeting) : '',
    ...letter.blocks.map(blockHtml),
    letter.signoff?.length ? paragraph(letter.signoff.join('\n')) : '',
  ].join('');
  const footer = footerLines(letter);
  const preheader = letter.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:transparent">${escapeHtml(letter.preheader)}</div>`
    : '';
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<meta name="color-scheme" content="light only">',
    `<title>${escapeHtml(letter.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${S.page}">`,
    preheader,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${S.page}"><tr><td align="center" style="padding:24px 10px">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#ffffff;border-radius:8px;border-collapse:separate;overflow:hidden">`,
    header(letter),
    `<tr><td style="padding:24px 28px 8px;font-family:${S.font};font-size:16px;line-height:1.55;color:${S.ink};word-wrap:break-word">${body}</td></tr>`,
    `<tr><td style="padding:16px 28px;background:${S.panel};border-top:1px solid ${S.rule};font-family:${S.font};font-size:12px;line-height:1.5;color:${S.muted}">`,
    footer.html.map((line) => `<p style="margin:0 0 6px">${line}</p>`).join(''),
    '</td></tr></table></td></tr></table></body></html>',
  ].join('');
  const text = [
    ...(letter.greeting ? [letter.greeting] : []),
    ...letter.blocks.map(blockText),
    ...(letter.signoff?.length ? [letter.signoff.join('\n')] : []),
  ]
    .filter((part) => part !== '')
    .join('\n\n');
  return { html, text: `${text}\n\n--\n${footer.text.join('\n')}\n` };
}

/** RFC 8058's headers: the URL takes a one-click POST and unsubscribes; a GET shows a page. */
export function listUnsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** A list member's unsubscribe page; the same URL takes RFC 8058's one-click POST. */
export const unsubscribeUrl = (publicUrl: string, token: string): string =>
  `${publicUrl}/unsubscribe/${token}`;

/** A chapter's page on the site. */
export const chapterUrl = (publicUrl: string, chapter: { state: string; slug: string }): string =>
  `${publicUrl}/chapter/${chapter.state.toLowerCase()}/${chapter.slug}`;

/** A message in the layout, ready for the mailer. */
export function letterMail(
  to: string,
  letter: Letter,
  extra: Omit<OutgoingMail, 'to' | 'subject' | 'html' | 'text'> = {},
): OutgoingMail {
  const { html, text } = renderLetter(letter);
  return { to, subject: letter.subject, html, text, ...extra };
}
