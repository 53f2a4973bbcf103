// Mailing-list sign-up (spec 1 §4, §7, §8). The answer is always HTTP 200; the widget reads
// results[0].isError and shows 'Oops. ' + errorString or 'Success!'.
import { z } from 'zod';
import { chapterRefSchema } from './chapterRef';
import { dbId, MAX_DB_ID } from './ids';
import { MAILING_ERRORS, mailingEmailSchema } from './mailingEmail';

export { MAILING_ERRORS, mailingEmailSchema };

/** The sign-up widget's form (email required, prefilled from the signed-in user). */
export const signUpFormSchema = z.object({ email: mailingEmailSchema });

// Lenient on purpose: a bad or missing email is an answer (isError), not a 400.
const anyId = z.union([z.string().max(100), z.number().max(MAX_DB_ID)]).nullish();

/**
 * POST /api/mailing_list/sign_up: `listId` is the chapter's list id as the email-service
 * setting picks it. `chapterId` is accepted instead, for the embeddable form that posts the
 * chapter's number.
 */
export const signUpRequestSchema = z.object({
  email: z.string().max(10_000).nullish(),
  listId: anyId,
  chapterId: anyId,
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

/** POST /api/mailing_list/sign_up_chapter. */
export const signUpChapterRequestSchema = z.object({
  email: z.string().max(10_000).nullish(),
  chapterId: anyId,
});
export type SignUpChapterRequest = z.infer<typeof signUpChapterRequestSchema>;

export const signUpResultSchema = z.object({
  isError: z.boolean(),
  errorString: z.string(),
  /**
   * True on a built-in list: a new member is unconfirmed until they open the link mailed to
   * them. Set whether or not the address was on the list already, so the answer tells no one
   * who is on it.
   */
  confirmByEmail: z.boolean().optional(),
});
export const signUpAnswerSchema = z.object({ results: z.array(signUpResultSchema) });
export type SignUpAnswer = z.infer<typeof signUpAnswerSchema>;

// ---------------------------------------------------------------- chapter lists (spec 2 §7)

/** GET /api/mailing_list/chapter_list_id/{chapterId}: null when the chapter has no list. */
export const chapterListIdSchema = z.object({ listId: z.string().nullable() });

export const chapterContactSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  /** The member's name where the list knows one (an import's); the Members pages give it. */
  name: z.string().nullable().optional(),
  status: z.string(),
  created: z.string(),
  deleted: z.string().nullable(),
});
export type ChapterContact = z.infer<typeof chapterContactSchema>;

/** GET /api/mailing_list/chapter/{chapterId}/contacts, by email. */
export const chapterContactsSchema = z.object({
  listId: z.string().nullable(),
  contacts: z.array(chapterContactSchema),
});

export const recentMessageSchema = z.object({
  sentDate: z.string(),
  subject: z.string(),
  campaignName: z.string(),
  campaignId: z.number().int(),
  opened: z.boolean(),
  clicked: z.boolean(),
});

/** GET /api/mailing_list/contact_details/{email or id}?listId= */
export const contactDetailsSchema = z.object({
  email: z.string(),
  status: z.string(),
  created: z.string(),
  deleted: z.string().nullable(),
  numSends: z.number().int(),
  numOpens: z.number().int(),
  numClicks: z.number().int(),
  blockedDate: z.string().nullable(),
  blockedReason: z.string().nullable(),
  lastActivity: z.string().nullable(),
  /** At most LIMITS.recentMessagesMax, of the last LIMITS.recentMessagesDays days. */
  recentMessages: z.array(recentMessageSchema),
});
export type ContactDetails = z.infer<typeof contactDetailsSchema>;

/** POST /api/mailing_list/sign_up_many: one result per address given. */
export const signUpManyAnswerSchema = z.object({
  added: z.number().int(),
  results: z.array(z.object({ email: z.string(), isError: z.boolean(), errorString: z.string() })),
});

/** POST /api/mailing_list/send_message answers 202 once the send is queued. */
export const sendMessageAnswerSchema = z.object({
  messageId: z.number().int(),
  recipients: z.number().int(),
  /** The chapter post of the message; null when it was sent without one (`post: false`). */
  postSlug: z.string().nullable(),
});

/** GET /api/mailing_list/chapter/{chapterId}/recipients: who a send would reach now. */
export const chapterRecipientsSchema = z.object({
  listId: z.string().nullable(),
  /** Active contacts of the chapter's list; 0 without one. */
  recipients: z.number().int(),
});
export type ChapterRecipients = z.infer<typeof chapterRecipientsSchema>;

/** POST /api/mailing_list/chapter/{chapterId}/preview: the message as a member's copy shows. */
export const emailPreviewSchema = z.object({
  subject: z.string(),
  fromName: z.string(),
  replyTo: z.string().nullable(),
  /** The whole HTML document of a member's copy, for a sandboxed frame. */
  html: z.string(),
});
export type EmailPreview = z.infer<typeof emailPreviewSchema>;

/** POST /api/mailing_list/chapter/{chapterId}/test_message: where the test went. */
export const testMessageAnswerSchema = z.object({ to: z.string() });

/** GET /api/mailing_list/unsubscribe/{token}. */
export const unsubscribeInfoSchema = z.object({
  email: z.string(),
  listName: z.string(),
  unsubscribed: z.boolean(),
});

/** POST /api/mailing_list/confirm/{token}: what opening a sign-up's confirmation link did. */
export const confirmAnswerSchema = z.object({
  /** 'expired': the link is older than LIMITS.confirmLinkDays; the member stays unconfirmed. */
  result: z.enum(['confirmed', 'alreadyConfirmed', 'expired']),
  email: z.string(),
  listName: z.string(),
  /** The chapter whose list it is (to sign up again from its page); null for no chapter's. */
  chapter: chapterRefSchema.pick({ id: true, state: true, slug: true }).nullable(),
  /** The chapter's next meeting, as the welcome email names it; null when none is planned. */
  nextMeeting: z
    .object({
      eventName: z.string(),
      eventSlug: z.string(),
      /** The local date it meets on, and its wall-clock times. */
      date: z.string(),
      startTime: z.string(),
      endTime: z.string(),
      start: z.string(),
      end: z.string(),
      /** The zone's short name then ('EST'). */
      zone: z.string(),
      place: z.string(),
      note: z.string(),
    })
    .nullable()
    .optional(),
});
export type ConfirmAnswer = z.infer<typeof confirmAnswerSchema>;

// ---------------------------------------------------------------- chapter list requests

/** Limits of the chapter admin calls; the server answers 400 past them. */
export const MAILING_LIMITS = {
  titleMax: 300,
  /** Addresses in one Add Members call. */
  signUpManyMax: 5000,
  /** Characters of the Add Members box. */
  signUpManyChars: 500_000,
  /** Characters of a message body (HTML). */
  bodyMax: 900_000,
} as const;

/**
 * A list id as a call names it: the text of a chapter's list-id field, or that text as a
 * number. Read as trimmed text either way.
 */
export const listIdSchema = z
  .union([z.string().trim().min(1, 'List id is required').max(100), dbId])
  .transform((id) => String(id));

/** POST /api/mailing_list/chapter/{chapterId}/list answers the new list's id. */
export const createChapterListAnswerSchema = z.object({ listId: z.string() });

/** GET /api/mailing_list/contact_details/{id}: the contact's address (URL-encoded) or its id. */
export const contactDetailsParamsSchema = z.object({ id: z.string().trim().min(1).max(254) });
export const contactDetailsQuerySchema = z.object({ listId: listIdSchema });

/**
 * POST /api/mailing_list/sign_up_many: addresses as an array, or as one text split on commas,
 * spaces and new lines (spec 2 §5 Add members).
 */
export const signUpManyRequestSchema = z.object({
  emails: z.union([
    z.string().max(MAILING_LIMITS.signUpManyChars),
    z.array(z.string().max(1000)).max(MAILING_LIMITS.signUpManyMax),
  ]),
  listId: listIdSchema,
});
export type SignUpManyRequest = z.input<typeof signUpManyRequestSchema>;
export type SignUpManyAnswer = z.infer<typeof signUpManyAnswerSchema>;

/** Why an address of an Add Members call was not added. */
export const SIGN_UP_MANY_ERRORS = {
  invalidEmail: MAILING_ERRORS.invalidEmail,
  unsubscribed:
    'This address unsubscribed from the list; only its owner can sign it up again, by the emailed link.',
  blocked: 'This address is blocked.',
  bounced: 'Mail to this address bounced; a host can re-activate it from its details.',
} as const;

/** POST /api/mailing_list/delete: removes the contact from the list for good. */
export const deleteContactRequestSchema = z.object({
  email: z.string().trim().min(1).max(254),
  listId: listIdSchema,
});

/**
 * POST /api/mailing_list/reactivate: a bounced member of the list gets mail again (the host
 * knows the mailbox works now). Only that list's row: the address stays bounced on others.
 */
export const reactivateContactRequestSchema = deleteContactRequestSchema;

/** A chapter email's title and body: what preview and test take, and send with a list. */
export const emailDraftSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(MAILING_LIMITS.titleMax, `At most ${MAILING_LIMITS.titleMax} characters`),
  body: z.string().min(1, 'The message is empty').max(MAILING_LIMITS.bodyMax),
});
export type EmailDraft = z.infer<typeof emailDraftSchema>;

/**
 * POST /api/mailing_list/send_message (spec 2 §2 Send Email). `post` (default true) also
 * publishes the message as a chapter post.
 */
export const sendMessageRequestSchema = emailDraftSchema.extend({
  listId: listIdSchema,
  post: z.boolean().default(true),
});
export type SendMessageRequest = z.input<typeof sendMessageRequestSchema>;
export type SendMessageAnswer = z.infer<typeof sendMessageAnswerSchema>;

/** A token in a path: an unsubscribe link's, or a delivery's tracking token. */
export const tokenParamsSchema = z.object({ token: z.string().max(200) });

/**
 * POST /api/mailing_list/unsubscribe/{token}: `{}` from our page, or RFC 8058's form body
 * `List-Unsubscribe=One-Click` from a mail client.
 */
export const unsubscribeRequestSchema = z
  .object({ 'List-Unsubscribe': z.string().max(100).optional() })
  .optional();

/** POST /unsubscribe/{token}: only a mail client's RFC 8058 one-click form. */
export const oneClickRequestSchema = z.object({ 'List-Unsubscribe': z.literal('One-Click') });

/** GET /api/mailing_list/click/{token}?url=: the link of the message to go to. */
export const clickQuerySchema = z.object({ url: z.string().min(1).max(4000) });
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;
