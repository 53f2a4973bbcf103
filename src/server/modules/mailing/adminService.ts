// The Members and Add Members screens' calls (spec 2 §2, §7). Calls about a chapter load it
// through the chapters module's host-access guard; calls naming a list are authorized by the
// routes first (listAccess.ts).
import type { Db } from '../../db/client';
import {
  MAILING_LIMITS,
  SIGN_UP_MANY_ERRORS,
  type ContactDetails,
  type SignUpManyAnswer,
} from '../../../common/schemas/mailing';
import type { User } from '../../../common/schemas/auth';
import { HttpError } from '../../core/httpError';
import type { AddContactFailure, MailingListProvider } from '../../mail/lists/provider';
import { requireChapterHostAccess } from '../../core/access';
import type { BrevoChoice } from '../../mail/lists/factory';
import { chapterMembers } from './memberService';
import { ensureChapterList } from './chapterList';

/**
 * GET /api/mailing_list/chapter_list_id/{chapterId}: null when the chapter's field is blank or
 * names no built-in list (an id brought over from the original site), so the Members screen
 * offers to create one.
 */
export async function getChapterListId(
  db: Db,
  brevo: BrevoChoice | null,
  user: User | null,
  chapterId: number,
): Promise<string | null> {
  const { listId, members } = await chapterMembers(db, brevo, user, chapterId);
  return members.kind === 'none' ? null : listId;
}

/**
 * POST /api/mailing_list/chapter/{chapterId}/list: a new built-in list named after the chapter,
 * written into the chapter's list-id field. The chapter row is locked, so two hosts pressing
 * the button at once make one list, and the second is told the chapter has one.
 */
export async function createChapterList(
  db: Db,
  user: User | null,
  chapterId: number,
  provider?: MailingListProvider,
): Promise<string> {
  await requireChapterHostAccess(db, user, chapterId);
  const { listId, created } = await ensureChapterList(db, chapterId, provider);
  if (!created) throw new HttpError(409, 'This chapter already has a mailing list.');
  return listId;
}

export async function contactDetails(
  provider: MailingListProvider,
  listId: string,
  emailOrId: string,
): Promise<ContactDetails> {
  const details = await provider.contactDetails(listId, emailOrId);
  if (!details) throw new HttpError(404, 'Contact not found.');
  return details;
}

/** The addresses of the Add Members box: split on commas and white space, blanks dropped. */
export function splitEmails(emails: string | readonly string[]): string[] {
  const text = typeof emails === 'string' ? emails : emails.join('\n');
  return text.split(/[\s,]+/).filter((e) => e !== '');
}

const FAILURE_TEXT: Record<AddContactFailure, string> = {
  invalid_email: SIGN_UP_MANY_ERRORS.invalidEmail,
  unsubscribed: SIGN_UP_MANY_ERRORS.unsubscribed,
  blocked: SIGN_UP_MANY_ERRORS.blocked,
  bounced: SIGN_UP_MANY_ERRORS.bounced,
  unknown_list: 'Mailing list not found.',
  provider_error: 'Something went wrong. Please try again later.',
};

/** POST /api/mailing_list/sign_up_many: one result per address, bad ones named and skipped. */
export async function signUpMany(
  provider: MailingListProvider,
  listId: string,
  emails: string | readonly string[],
): Promise<SignUpManyAnswer> {
  const addresses = splitEmails(emails);
  if (addresses.length > MAILING_LIMITS.signUpManyMax) {
    const message = `Add at most ${MAILING_LIMITS.signUpManyMax} addresses at a time.`;
    throw new HttpError(400, `Invalid request: body.emails`, [{ field: 'body.emails', message }]);
  }
  // A host's import must not undo anyone's unsubscribe.
  const results = await provider.addContacts(listId, addresses, { reactivate: false });
  return {
    added: results.filter((r) => r.added && !r.existing).length,
    results: results.map((r) => ({
      email: r.email,
      isError: !r.added,
      errorString: r.added ? '' : FAILURE_TEXT[r.failure ?? 'provider_error'],
    })),
  };
}

/** POST /api/mailing_list/delete. */
export async function deleteContact(
  provider: MailingListProvider,
  listId: string,
  email: string,
): Promise<{ result: 'success' }> {
  if (!(await provider.removeContact(listId, email))) {
    throw new HttpError(404, 'Contact not found.');
  }
  return { result: 'success' };
}
