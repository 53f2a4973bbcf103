// A chapter email as each recipient gets it. The expensive part (rewriting links, the plain-text
// part) is done once per message into a template with placeholders; each copy then only fills
// in its recipient's tracking and unsubscribe tokens. It wears the layout every message of the
// site wears (./layout.ts), with the list's unsubscribe footer and RFC 8058 headers.
import { randomBytes } from 'node:crypto';
import { convert } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';
import type { OutgoingMail } from './mailer';
import { listUnsubscribeHeaders, renderLetter, unsubscribeUrl } from './layout';

export interface MessageSource {
  subject: string;
  /** Sanitized HTML, as stored with the message. */
  body: string;
  fromName: string;
  replyTo: string | null;
  /** The chapter's page ('/chapter/ny/manhattan'), shown under the network's name. */
  chapterPath?: string | null;
  /**
   * 'host' and 'reminder' go to a list (unsubscribe footer and headers); the other kinds go to
   * people about something they did (an RSVP, hosting) and carry no unsubscribe (issue 34).
   */
  kind?: string;
  /** The meeting's calendar file, attached to every copy (a message to those going), or null. */
  calendar?: string | null;
}

/** Mail to a list: the unsubscribe footer and the one-click headers. */
const isListMail = (kind: string | undefined) =>
  kind === undefined || kind === 'host' || kind === 'reminder';

/** Where a scheduled message's per-copy links (the list reminder's "I'm going") put the copy's token. */
export const COPY_TOKEN = '__COPY_TOKEN__';

export interface RenderOptions {
  publicUrl: string;
  /** Open pixel and tracked links (MAIL_TRACKING). */
  tracking: boolean;
}

export interface MessageTemplate {
  subject: string;
  fromName: string;
  replyTo: string | null;
  html: string;
  text: string;
  trackingMark: string;
  unsubscribeMark: string;
  listMail: boolean;
  /** Attached to every copy as it is: one string, shared by all of them. */
  calendar: string | null;
}

export interface Recipient {
  email: string;
  trackingToken: string;
  unsubscribeToken: string | null;
}

const WEB = /^https?:\/\//i;

/** Runs every link of already-sanitized HTML through `visit`, which may replace its href. */
function mapLinks(html: string, visit: (href: string) => string): string {
  return sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    // The body is sanitized already; this pass only rewrites links, so it must keep the images
    // Quill pasted as data: URIs (the mailer sends them as inline attachments).
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href;
        return {
          tagName,
          attribs: href && WEB.test(href) ? { ...attribs, href: visit(href) } : attribs,
        };
      },
    },
  });
}

/** The web links of a message body: the only places its tracked links may lead to. */
export function messageLinks(body: string): Set<string> {
  const links = new Set<string>();
  mapLinks(body, (href) => {
    links.add(href);
    return href;
  });
  return links;
}

export function renderTemplate(message: MessageSource, options: RenderOptions): MessageTemplate {
  // Random marks cannot occur in the body by chance, and survive HTML escaping (hex only).
  const nonce = randomBytes(12).toString('hex');
  const trackingMark = `t${nonce}`;
  const unsubscribeMark = `u${nonce}`;
  const api = `${options.publicUrl}/api/mailing_list`;
  // A link that carries the copy's own token (COPY_TOKEN) is not tracked: the click redirect
  // only leads to links the stored body holds, and this one differs in every copy.
  const body = (
    options.tracking
      ? mapLinks(message.body, (href) =>
          href.includes(COPY_TOKEN)
            ? href
            : `${api}/click/${trackingMark}?url=${encodeURIComponent(href)}`,
        )
      : message.body
  ).replaceAll(COPY_TOKEN, trackingMark);
  const listMail = isListMail(message.kind);
  const listName = message.fromName || 'this';
  const pixel = options.tracking
    ? `<img src="${api}/open/${trackingMark}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">`
    : '';
  const { html, text } = renderLetter({
    publicUrl: options.publicUrl,
    subject: message.subject,
    chapter: message.chapterPath
      ? { name: message.fromName, url: `${options.publicUrl}${message.chapterPath}` }
      : null,
    // The plain-text part keeps the links as written: tracking is for the HTML part only.
    blocks: [
      {
        html: body,
        text: convert(message.body.replaceAll(COPY_TOKEN, trackingMark), { wordwrap: 100 }),
      },
    ],
    list: listMail
      ? { name: listName, unsubscribeUrl: unsubscribeUrl(options.publicUrl, unsubscribeMark) }
      : null,
  });
  return {
    subject: message.subject,
    fromName: message.fromName,
    replyTo: message.replyTo,
    html: html.replace('</body>', `${pixel}</body>`),
    text,
    trackingMark,
    unsubscribeMark,
    listMail,
    calendar: message.calendar ?? null,
  };
}

/** One recipient's copy, with the RFC 8058 one-click unsubscribe headers when it is list mail. */
export function personalize(
  template: MessageTemplate,
  recipient: Recipient,
  publicUrl: string,
): OutgoingMail {
  const unsubscribeToken = recipient.unsubscribeToken;
  const fill = (s: string) => {
    const tracked = s.replaceAll(template.trackingMark, recipient.trackingToken);
    return unsubscribeToken
      ? tracked.replaceAll(template.unsubscribeMark, unsubscribeToken)
      : tracked;
  };
  return {
    to: recipient.email,
    // Fixed per delivery, so a copy sent again after a crash (the SMTP server had taken the
    // first but the ledger never heard) carries the same Message-ID, and mail systems that
    // fold duplicates by it show one message.
    messageId: `<${recipient.trackingToken}@${new URL(publicUrl).hostname}>`,
    subject: template.subject,
    html: fill(template.html),
    text: fill(template.text),
    ...(template.fromName ? { fromName: template.fromName } : {}),
    ...(template.replyTo ? { replyTo: template.replyTo } : {}),
    ...(template.calendar ? { calendar: template.calendar } : {}),
    ...(template.listMail && unsubscribeToken
      ? { headers: listUnsubscribeHeaders(unsubscribeUrl(publicUrl, unsubscribeToken)) }
      : {}),
  };
}
