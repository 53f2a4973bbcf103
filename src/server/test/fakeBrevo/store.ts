// What the Brevo stand-in (../fakeBrevo.ts) holds: contacts, lists, folders and campaigns, with
// one id sequence for all of them, as the routes and the tests' own controls change them.

export interface Contact {
  id: number;
  email: string;
  emailBlacklisted: boolean;
  listIds: number[];
  listUnsubscribed: number[];
  createdAt: string;
  modifiedAt: string;
  sent: { campaignId: number; eventTime: string }[];
  opened: { campaignId: number; eventTime: string; count: number; ip: string }[];
}

export interface Campaign {
  id: number;
  name: string;
  subject: string;
  listIds: number[];
  status: 'draft' | 'sent';
}

export const now = () => new Date().toISOString();

export class BrevoStore {
  readonly contacts: Contact[] = [];
  readonly lists = new Map<number, { id: number; name: string; folderId: number }>();
  readonly folders: { id: number; name: string }[] = [];
  readonly campaigns = new Map<number, Campaign>();
  private nextId = 1;

  newId(): number {
    return this.nextId++;
  }

  /** A contact by id (digits) or by address, as Brevo's `{identifier}` paths take either. */
  find(identifier: string): Contact | undefined {
    return /^\d+$/.test(identifier)
      ? this.contacts.find((c) => c.id === Number(identifier))
      : this.contacts.find((c) => c.email === identifier.toLowerCase());
  }

  /** A new contact (the address already lower-cased), on these lists. */
  addContact(email: string, listIds: number[] = [], emailBlacklisted = false): Contact {
    const contact: Contact = {
      id: this.newId(),
      email,
      emailBlacklisted,
      listIds,
      listUnsubscribed: [],
      createdAt: now(),
      modifiedAt: now(),
      sent: [],
      opened: [],
    };
    this.contacts.push(contact);
    return contact;
  }
}

/** A contact as Brevo's API answers it. */
export const publicContact = (c: Contact) => ({
  email: c.email,
  id: c.id,
  emailBlacklisted: c.emailBlacklisted,
  smsBlacklisted: false,
  createdAt: c.createdAt,
  modifiedAt: c.modifiedAt,
  listIds: c.listIds,
  ...(c.listUnsubscribed.length ? { listUnsubscribed: c.listUnsubscribed } : {}),
  attributes: {},
});
