// The Brevo mailing-list provider: the provider interface over Brevo's API v3 (brevoClient.ts).
// A list is a Brevo list; a contact is one Brevo contact on many lists, blocked through its
// `emailBlacklisted` flag; a chapter email is an email campaign to the list, sent at once.
import { LIMITS } from '../../../common/constants';
import { mailingEmailSchema, type ContactDetails } from '../../../common/schemas/mailing';
import { brevoClient, BREVO_BATCH, type BrevoApiContact, type BrevoSettings } from './brevoClient';
import { parseListId } from './builtinLists';
import { UnknownListError } from './builtinQueue';
import type { AddContactResult, AddContactsOptions, MailingListProvider } from './provider';

const DAY_MS = 24 * 60 * 60 * 1000;

type Outcome = 'new' | 'existing' | 'unsubscribed' | 'blocked' | 'failed';

function statusOn(contact: BrevoApiContact, listId: number): string {
  if (contact.emailBlacklisted) return 'blocked';
  if (contact.listUnsubscribed?.includes(listId)) return 'unsub';
  return 'active';
}

const onList = (contact: BrevoApiContact, listId: number) =>
  contact.listIds.includes(listId) || Boolean(contact.listUnsubscribed?.includes(listId));

export function brevoProvider(settings: BrevoSettings): MailingListProvider {
  const brevo = brevoClient(settings);

  async function existingList(listId: string): Promise<number | null> {
    const id = parseListId(listId);
    if (id === null) return null;
    return (await brevo.getList(id)) ? id : null;
  }

  const provider: MailingListProvider = {
    name: 'brevo',
    forTransaction: () => provider,

    async getList(listId) {
      const id = parseListId(listId);
      const list = id === null ? null : await brevo.getList(id);
      return list ? { id: String(list.id), name: list.name } : null;
    },

    async createList(name) {
      const { id } = await brevo.createList(name);
      return { id: String(id), name };
    },

    async allLists() {
      return (await brevo.allLists()).map((l) => ({ id: String(l.id), name: l.name }));
    },

    async addContacts(listId, emails, options?: AddContactsOptions) {
      const reactivate = options?.reactivate ?? true;
      const trimmed = emails.map((e) => e.trim());
      const id = await existingList(listId);
      if (id === null) {
        return trimmed.map((email) => ({ email, added: false, failure: 'unknown_list' as const }));
      }
      const spelling = new Map<string, string>();
      for (const email of trimmed) {
        const key = email.toLowerCase();
        if (!spelling.has(key) && mailingEmailSchema.safeParse(email).success) {
          spelling.set(key, email);
        }
      }
      const outcome = new Map<string, Outcome>();
      const toAdd: string[] = [];
      for (const [key, email] of spelling) {
        const contact = await brevo.getContact(email);
        if (!contact) {
          await brevo.createContact(email, [id]);
          outcome.set(key, 'new');
        } else if (contact.emailBlacklisted) {
          // As the built-in provider: the sign-up form does not reveal a block; a host is told.
          outcome.set(key, reactivate ? 'existing' : 'blocked');
        } else if (contact.listIds.includes(id)) {
          outcome.set(key, 'existing');
        } else if (contact.listUnsubscribed?.includes(id) && !reactivate) {
          outcome.set(key, 'unsubscribed');
        } else {
          toAdd.push(email);
          outcome.set(key, 'new');
        }
      }
      for (let i = 0; i < toAdd.length; i += BREVO_BATCH) {
        const answer = await brevo.addToList(id, toAdd.slice(i, i + BREVO_BATCH));
        for (const failed of answer?.contacts.failure ?? []) {
          outcome.set(String(failed).toLowerCase(), 'failed');
        }
      }

      const seen = new Set<string>();
      return trimmed.map((email): AddContactResult => {
        const key = email.toLowerCase();
        const result = spelling.has(key) ? outcome.get(key) : undefined;
        const repeat = seen.has(key);
        seen.add(key);
        switch (result) {
          case undefined:
            return { email, added: false, failure: 'invalid_email' };
          case 'failed':
            return { email, added: false, failure: 'provider_error' };
          case 'unsubscribed':
          case 'blocked':
            return { email, added: false, failure: result };
          case 'new':
            return repeat ? { email, added: true, existing: true } : { email, added: true };
          case 'existing':
            return { email, added: true, existing: true };
        }
      });
    },

    async listContacts(listId) {
      const id = parseListId(listId);
      if (id === null) return null;
      const contacts = await brevo.listContacts(id);
      if (!contacts) return null;
      return contacts
        .map((c) => ({
          id: c.id,
          email: c.email,
          status: statusOn(c, id),
          created: new Date(c.createdAt).toISOString(),
          deleted: null,
        }))
        .sort((a, b) => a.email.toLowerCase().localeCompare(b.email.toLowerCase()) || a.id - b.id);
    },

    async contactDetails(listId, emailOrId): Promise<ContactDetails | null> {
      const id = parseListId(listId);
      if (id === null) return null;
      const contact = await brevo.getContact(emailOrId.trim());
      if (!contact || !onList(contact, id)) return null;
      const stats = (await brevo.contactStats(contact.email)) ?? {};
      const sent = stats.messagesSent ?? [];
      const opened = stats.opened ?? [];
      const clicked = stats.clicked ?? [];
      const since = Date.now() - LIMITS.recentMessagesDays * DAY_MS;
      const recent = sent
        .filter((m) => Date.parse(m.eventTime) >= since)
        .sort((a, b) => Date.parse(b.eventTime) - Date.parse(a.eventTime))
        .slice(0, LIMITS.recentMessagesMax);
      const activity = [...opened.map((o) => o.eventTime)]
        .map((t) => Date.parse(t))
        .filter((t) => Number.isFinite(t));
      const recentMessages = [];
      for (const message of recent) {
        const campaign = await brevo.getCampaign(message.campaignId);
        recentMessages.push({
          sentDate: new Date(message.eventTime).toISOString(),
          subject: campaign?.subject ?? campaign?.name ?? '',
          campaignName: campaign?.name ?? '',
          campaignId: message.campaignId,
          opened: opened.some((o) => o.campaignId === message.campaignId),
          clicked: clicked.some((c) => c.campaignId === message.campaignId),
        });
      }
      return {
        email: contact.email,
        status: statusOn(contact, id),
        created: new Date(contact.createdAt).toISOString(),
        deleted: null,
        numSends: sent.length,
        numOpens: opened.reduce((n, o) => n + (o.count ?? 1), 0),
        numClicks: clicked.length,
        // Brevo gives no date or reason for a block; its last change is the closest date.
        blockedDate:
          contact.emailBlacklisted && contact.modifiedAt
            ? new Date(contact.modifiedAt).toISOString()
            : null,
        blockedReason: null,
        lastActivity: activity.length ? new Date(Math.max(...activity)).toISOString() : null,
        recentMessages,
      };
    },

    async removeContact(listId, email) {
      const id = parseListId(listId);
      if (id === null) return false;
      const contact = await brevo.getContact(email.trim());
      if (!contact || !contact.listIds.includes(id)) return false;
      await brevo.removeFromList(id, [contact.email]);
      return true;
    },

    async blockContact(email) {
      const contact = await brevo.getContact(email.trim());
      if (!contact) return 0;
      await brevo.setBlacklisted(contact.email, true);
      return 1;
    },

    async unblockContact(email) {
      const contact = await brevo.getContact(email.trim());
      if (!contact?.emailBlacklisted) return 0;
      await brevo.setBlacklisted(contact.email, false);
      return 1;
    },

    async findContact(email) {
      if (!mailingEmailSchema.safeParse(email).success) return null;
      const contact = await brevo.getContact(email.trim());
      return contact
        ? {
            email: contact.email,
            emailBlacklisted: contact.emailBlacklisted,
            listIds: [...contact.listIds].sort((a, b) => a - b),
          }
        : null;
    },

    // Brevo finds contacts by address, not by part of one.
    async searchContacts(query) {
      const found = await provider.findContact(query);
      return found ? [found] : [];
    },

    async queueMessage(message) {
      const id = await existingList(message.listId);
      if (id === null) throw new UnknownListError(message.listId);
      const contacts = (await brevo.listContacts(id)) ?? [];
      const recipients = contacts.filter((c) => statusOn(c, id) === 'active').length;
      // Brevo sends nothing to an empty list; there is no campaign to make.
      if (recipients === 0) return { messageId: 0, recipients };
      const campaignId = await brevo.createCampaign({
        name: `${message.fromName}: ${message.subject}`.slice(0, 250),
        subject: message.subject,
        senderName: message.fromName,
        htmlContent: message.html,
        replyTo: message.replyTo,
        listId: id,
      });
      await brevo.sendNow(campaignId);
      return { messageId: campaignId, recipients };
    },
  };
  return provider;
}
