// A chapter email before it is sent (spec 2 §2 Send Email): how many members it would reach, a
// member's copy of it to preview, and a test copy to the sender alone. The preview and the test
// go through the same rendering as the send worker's copies (chapterMessage.ts); nothing here is
// recorded: no message, no delivery, no post.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapterTypes } from '../../db/schema';
import type { User } from '../../../common/schemas/auth';
import type { ChapterRecipients, EmailDraft, EmailPreview } from '../../../common/schemas/mailing';
import { HttpError } from '../../core/httpError';
import { PREVIEW_TOKEN } from '../../../common/previewLinks';
import { personalize, renderTemplate, type MessageSource } from '../../mail/chapterMessage';
import type { Mailer } from '../../mail/mailer';
import type { MailingListProvider } from '../../mail/lists/provider';
import { countAttempt } from '../auth';
import { chapterEmail, displayTitle } from '../../core/summaries';
import { isBlankRichText, sanitizeRichText } from '../../core/sanitize';
import type { ChapterRow } from '../../db/schema';
import { countActiveContacts } from '../../mail/lists/builtinQueue';
import type { MemberSource } from './memberService';

/** Test messages one user may send in an hour, across chapters. */
export const TEST_MESSAGE_LIMIT = { max: 10, windowSeconds: 3600 } as const;
export const TEST_SUBJECT_PREFIX = '[Test] ';

/** The message as a send writes it: sanitized body, the chapter as sender, its address for replies. */
export async function composeMessage(
  db: Db,
  chapter: ChapterRow,
  draft: EmailDraft,
): Promise<MessageSource> {
  const body = sanitizeRichText(draft.body);
  if (isBlankRichText(body)) {
    throw new HttpError(400, 'Invalid request: body.body', [
      { field: 'body.body', message: 'The message is empty' },
    ]);
  }
  const [type] = await db
    .select()
    .from(chapterTypes)
    .where(eq(chapterTypes.id, chapter.chapterTypeId))
    .limit(1);
  const replyTo = type ? chapterEmail(chapter, type) : '';
  return {
    subject: draft.title,
    body,
    fromName: displayTitle(chapter),
    replyTo: replyTo || null,
    chapterPath: `/chapter/${chapter.state.toLowerCase()}/${chapter.slug}`,
  };
}

/**
 * Active contacts of the chapter's list: what a send would queue now. A built-in list is one
 * indexed count (memberPages.ts), never a read of the list; a list kept at Brevo is fetched.
 */
export async function chapterRecipients(
  db: Db,
  provider: MailingListProvider,
  source: MemberSource,
): Promise<ChapterRecipients> {
  const { listId, members } = source;
  switch (members.kind) {
    case 'none':
      return { listId, recipients: 0 };
    case 'builtin':
      return { listId, recipients: await countActiveContacts(db, members.id) };
    case 'remote': {
      const contacts = (await provider.listContacts(members.listId)) ?? [];
      return { listId, recipients: contacts.filter((c) => c.status === 'active').length };
    }
  }
}

export interface RenderSettings {
  publicUrl: string;
}

/**
 * One copy as the send worker makes it, to an address that is no contact. Links stay as written
 * (no tracking): the copy names no delivery, so tracked links would lead nowhere. Its unsubscribe
 * link carries the preview token, whose page says the copy was a preview or a test and that
 * nothing was recorded (a random token read "This link is not valid").
 */
function copyFor(source: MessageSource, email: string, settings: RenderSettings) {
  const template = renderTemplate(source, { publicUrl: settings.publicUrl, tracking: false });
  return personalize(
    template,
    { email, trackingToken: PREVIEW_TOKEN, unsubscribeToken: PREVIEW_TOKEN },
    settings.publicUrl,
  );
}

export function previewMessage(source: MessageSource, settings: RenderSettings): EmailPreview {
  return {
    subject: source.subject,
    fromName: source.fromName,
    replyTo: source.replyTo,
    html: copyFor(source, '', settings).html ?? '',
  };
}

/**
 * The message, subject marked, to the signed-in user's own address and nobody else's. Counted
 * per user (TEST_MESSAGE_LIMIT), so the button cannot be made a way to mail one address at will.
 */
export async function sendTestMessage(
  db: Db,
  mailer: Mailer,
  sender: User,
  source: MessageSource,
  settings: RenderSettings,
): Promise<{ to: string }> {
  await countAttempt(db, [`chapter-email-test:user:${sender.id}`], TEST_MESSAGE_LIMIT);
  const subject = `${TEST_SUBJECT_PREFIX}${source.subject}`;
  try {
    // Straight to SMTP, not the queue: the host is waiting for it, and is better told the mail
    // server refused than sent a copy an hour later.
    await mailer.sendNow(copyFor({ ...source, subject }, sender.email, settings));
  } catch {
    throw new HttpError(503, 'Email service is temporarily unavailable. Please try again later.');
  }
  return { to: sender.email };
}
