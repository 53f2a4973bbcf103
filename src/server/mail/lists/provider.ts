// A mailing-list service, as the rest of the server sees it. `builtin` keeps lists in our own
// database; `brevo` (./brevo.ts) keeps them at Brevo through its API v3. List ids are text because a
// chapter names its list in a text field (brontoListId or sendInBlueListId). Answers about
// contacts are in the API's shapes (src/common/schemas/mailing.ts): an adapter maps its
// service's answers to them, and the routes pass them on as they are.
import type { ChapterContact, ContactDetails } from '../../../common/schemas/mailing';
import type { Db } from '../../db/client';

/** Why a contact was not added; the caller turns it into words for the screen. */
export type AddContactFailure =
  'invalid_email' | 'unknown_list' | 'provider_error' | 'unsubscribed' | 'blocked' | 'bounced';

export interface AddContactResult {
  /** The address as given (trimmed). */
  email: string;
  added: boolean;
  failure?: AddContactFailure;
  /** Set on success when the address was on the list already (or earlier in the same call). */
  existing?: true;
  /**
   * Set (to true or false) only by a provider that confirms sign-ups itself, the built-in one,
   * when called with `confirmed: false`: true when the address (first given) waits, unconfirmed,
   * for the link of a confirmation mail and gets no chapter email until it is opened.
   */
  awaitingConfirmation?: boolean;
}

export interface AddContactsOptions {
  /**
   * Whether a contact who unsubscribed becomes active again. True (the default) when the person
   * asks for it (the sign-up form); false when a host adds addresses, which must not undo
   * anyone's unsubscribe: such an address fails with 'unsubscribed'.
   */
  reactivate?: boolean;
  /**
   * Whether the contacts count as confirmed. True (the default) when a host adds or imports
   * them: the host vouches for them, and an unconfirmed contact becomes active. False for a
   * visitor's sign-up to a built-in list: a new (or returning) contact waits, 'unconfirmed',
   * for the link we mail it. Brevo ignores it: its own double opt-in is set up at Brevo.
   */
  confirmed?: boolean;
}

export interface MailingList {
  id: string;
  name: string;
}

/** A message for every active contact of a list. */
export interface ListMessage {
  listId: string;
  subject: string;
  /** Sanitized HTML; the provider adds the unsubscribe footer. */
  html: string;
  /** Shown as the sender's name; the address is the site's MAIL_FROM. */
  fromName: string;
  replyTo: string | null;
  chapterId: number | null;
  senderId: number | null;
}

export interface QueuedMessage {
  messageId: number;
  /** Active contacts the message will go to. */
  recipients: number;
}

/** A contact as the Brevo tab shows it: blocked or not, and the lists it is on. */
export interface ContactSummary {
  email: string;
  emailBlacklisted: boolean;
  listIds: number[];
}

export interface MailingListProvider {
  readonly name: 'builtin' | 'brevo';

  /**
   * The same provider working in `db` (a transaction), so what it writes to our database
   * commits with the caller's. A provider that keeps nothing in our database is itself.
   */
  forTransaction(db: Db): MailingListProvider;

  /** Every list (the Brevo tab's list names). */
  allLists(): Promise<MailingList[]>;
  /** A contact by address, on whatever lists, or null. */
  findContact(email: string): Promise<ContactSummary | null>;
  /** Contacts whose address contains the text (Brevo: the address itself), at most `limit`. */
  searchContacts(query: string, limit: number): Promise<ContactSummary[]>;

  /** The list, or null for an id that names none. */
  getList(listId: string): Promise<MailingList | null>;
  createList(name: string): Promise<MailingList>;

  /**
   * Subscribes each address to the list; one result per address given, in order. Adding an
   * address that is already on the list succeeds without a second copy (`existing`).
   */
  addContacts(
    listId: string,
    emails: readonly string[],
    options?: AddContactsOptions,
  ): Promise<AddContactResult[]>;

  /** Every contact of the list by address, or null for an unknown list. */
  listContacts(listId: string): Promise<ChapterContact[] | null>;

  /** One contact of the list by address (any case) or numeric id, or null. */
  contactDetails(listId: string, emailOrId: string): Promise<ContactDetails | null>;

  /** Removes the address from the list for good; false when it was not on it. */
  removeContact(listId: string, email: string): Promise<boolean>;

  /**
   * Blocks the address on every list (as Brevo's blocklist does): it gets no mail until
   * unblocked. Answers how many contacts that was.
   */
  blockContact(email: string, reason?: string): Promise<number>;
  /**
   * Lifts a block: each contact gets back the status the block replaced (the built-in lists;
   * Brevo's contacts become active). Answers how many contacts that was.
   */
  unblockContact(email: string): Promise<number>;

  /**
   * Sends the message to every active contact of the list. The built-in provider writes the
   * message 'queueing' and returns at once: the send queuer writes one delivery per contact in
   * the background and the send worker delivers them.
   */
  queueMessage(message: ListMessage): Promise<QueuedMessage>;
}
