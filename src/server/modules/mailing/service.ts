// Public mailing-list sign-up. The answer is always a result, never an HTTP error: the widget
// shows 'Oops. ' + errorString or 'Success!' (spec 1 §8).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chapters } from '../../db/schema';
import { canSeeChapter } from '../../../common/policy';
import type { User } from '../../../common/schemas/auth';
import {
  MAILING_ERRORS,
  mailingEmailSchema,
  type SignUpAnswer,
} from '../../../common/schemas/mailing';
import type { EmailService } from '../../../common/constants';
import type { AddContactFailure, MailingListProvider } from '../../mail/lists/provider';
import { getEmailService } from '../settings';
import { listIdField } from './listAccess';
import { ensureChapterList } from './chapterList';
import { ProviderError } from '../../mail/providerHttp';
import { sendConfirmation, type Confirmer } from './confirmService';

type Id = string | number | null | undefined;

const FAILURE_TEXT: Record<AddContactFailure, string> = {
  invalid_email: MAILING_ERRORS.invalidEmail,
  unknown_list: MAILING_ERRORS.noList,
  provider_error: MAILING_ERRORS.failed,
  // Not answered to the sign-up form, which reactivates an unsubscribe and hides a block.
  unsubscribed: MAILING_ERRORS.failed,
  blocked: MAILING_ERRORS.failed,
  bounced: MAILING_ERRORS.failed,
};

function answer(errorString: string | null, confirmByEmail?: boolean): SignUpAnswer {
  const result = { isError: errorString !== null, errorString: errorString ?? '' };
  return { results: [confirmByEmail ? { ...result, confirmByEmail } : result] };
}

/** The chapter column that names its list under the email-service setting. */
export function listIdColumn(service: EmailService) {
  return chapters[listIdField(service)];
}

function asText(id: Id): string {
  return id === null || id === undefined ? '' : String(id).trim();
}

/**
 * The list id, if it is the list of a chapter this user may see. A hidden chapter's list is
 * as unknown as no list at all, except to the chapter's hosts (who see its page).
 */
async function visibleChapterList(db: Db, user: User | null, listId: string) {
  if (!listId) return null;
  const column = listIdColumn(await getEmailService(db));
  const rows = await db
    .select({ id: chapters.id, status: chapters.status })
    .from(chapters)
    .where(eq(column, listId));
  return rows.some((c) => canSeeChapter(user, c)) ? listId : null;
}

/**
 * The list of a chapter the user may see, read from the field the setting picks. A chapter
 * without one (or whose id names none) gets one now: every chapter page offers the sign-up, and the first visitor to
 * use it should not be told there is nothing to join.
 */
async function listOfChapter(
  db: Db,
  provider: MailingListProvider,
  user: User | null,
  chapterId: string,
) {
  if (!/^\d{1,9}$/.test(chapterId)) return null;
  const column = listIdColumn(await getEmailService(db));
  const [chapter] = await db
    .select({ id: chapters.id, status: chapters.status, listId: column })
    .from(chapters)
    .where(eq(chapters.id, Number(chapterId)))
    .limit(1);
  if (!chapter || !canSeeChapter(user, chapter)) return null;
  const listId = chapter.listId?.trim();
  if (listId && (await listIsThere(provider, listId))) return listId;
  // No list, or an id that names none (brought over from the original site): make one.
  return (await ensureChapterList(db, chapter.id, provider)).listId;
}

/** A provider that cannot be reached does not make a list disappear: the sign-up says so. */
async function listIsThere(provider: MailingListProvider, listId: string): Promise<boolean> {
  try {
    return (await provider.getList(listId)) !== null;
  } catch (err) {
    if (err instanceof ProviderError) return true;
    throw err;
  }
}

export interface SignUpInput {
  email?: string | null;
  listId?: Id;
  chapterId?: Id;
}

/**
 * Signs one address up to a chapter's list, named by list id or (failing that) chapter id. On
 * a built-in list the member is unconfirmed until they open the link mailed to them.
 */
export async function signUp(
  confirmer: Confirmer,
  provider: MailingListProvider,
  user: User | null,
  input: SignUpInput,
): Promise<SignUpAnswer> {
  const { db } = confirmer;
  const email = mailingEmailSchema.safeParse(input.email ?? '');
  if (!email.success) return answer(MAILING_ERRORS.invalidEmail);

  const listId = asText(input.listId)
    ? await visibleChapterList(db, user, asText(input.listId))
    : await listOfChapter(db, provider, user, asText(input.chapterId));
  if (!listId) return answer(MAILING_ERRORS.noList);

  // A provider that cannot be reached is the form's 'Something went wrong', not an HTTP error.
  const [result] = await provider
    .addContacts(listId, [email.data], { confirmed: false })
    .catch((err: unknown) => {
      if (err instanceof ProviderError) return [];
      throw err;
    });
  if (!result) return answer(MAILING_ERRORS.failed);
  if (!result.added) return answer(FAILURE_TEXT[result.failure ?? 'provider_error']);
  if (result.awaitingConfirmation) {
    // The member stays unconfirmed: signing up again sends the link again.
    const sent = await sendConfirmation(confirmer, listId, email.data).then(
      () => true,
      (err: unknown) => {
        confirmer.log.warn({ err }, 'could not send a sign-up confirmation');
        return false;
      },
    );
    if (!sent) return answer(MAILING_ERRORS.failed);
  }
  // Said to everyone a built-in list took, on the list already or not.
  return answer(null, result.awaitingConfirmation !== undefined);
}
