// Brevo's API v3, the calls the mailing-list adapter needs, with zod-checked answers. Paths,
// fields and page sizes are Brevo's published reference (developers.brevo.com/reference):
// contacts, lists, list membership, campaign statistics and email campaigns.
import { z } from 'zod';
import { providerFetch, type ProviderFetch } from '../providerHttp';

export interface BrevoSettings {
  apiKey: string;
  /** https://api.brevo.com/v3 unless BREVO_API_URL says otherwise (tests). */
  apiUrl: string;
  /** The sender of chapter email campaigns: MAIL_FROM's address (a sender Brevo verified). */
  senderEmail: string;
}

/** Page sizes: Brevo's maximum for contacts of a list (500) and for lists (50). */
export const BREVO_PAGE = { listContacts: 500, lists: 50 } as const;
/** Addresses per add-to-list or remove-from-list call (Brevo takes at most 150). */
export const BREVO_BATCH = 150;

const id = z.number().int();
const contactSchema = z.object({
  id,
  email: z.string(),
  emailBlacklisted: z.boolean(),
  listIds: z.array(id).default([]),
  listUnsubscribed: z.array(id).optional(),
  createdAt: z.string(),
  modifiedAt: z.string().optional(),
});
export type BrevoApiContact = z.infer<typeof contactSchema>;

const listSchema = z.object({ id, name: z.string() });
const event = z.object({ campaignId: id, eventTime: z.string() });
const statsSchema = z.object({
  messagesSent: z.array(event).optional(),
  opened: z.array(event.extend({ count: z.number().int().optional() })).optional(),
  clicked: z.array(z.object({ campaignId: id, links: z.array(z.unknown()).optional() })).optional(),
});
export type BrevoContactStats = z.infer<typeof statsSchema>;
const campaignSchema = z.object({ id, name: z.string(), subject: z.string().optional() });
const membershipSchema = z.object({
  contacts: z.object({
    success: z.array(z.union([z.string(), id])).optional(),
    failure: z.array(z.union([z.string(), id])).optional(),
  }),
});
const none = z.unknown();

export function brevoClient(settings: BrevoSettings) {
  const call: ProviderFetch = providerFetch({
    provider: 'brevo',
    baseUrl: settings.apiUrl,
    headers: { 'api-key': settings.apiKey },
    // x-sib-ratelimit-reset: time left until the limit resets, in seconds.
    retryAfter: (headers) => {
      const reset = Number(headers.get('x-sib-ratelimit-reset'));
      return Number.isFinite(reset) && reset > 0 ? Math.ceil(reset) : undefined;
    },
  });
  const enc = encodeURIComponent;
  let folderId: number | null = null;

  return {
    getContact: (identifier: string) =>
      call({ path: `/contacts/${enc(identifier)}`, schema: contactSchema, allowNotFound: true }),

    async createContact(email: string, listIds: number[]): Promise<void> {
      await call({
        method: 'POST',
        path: '/contacts',
        json: { email, listIds, updateEnabled: false },
        schema: none,
      });
    },

    /** Sets the contact's email blocklist flag (204). */
    async setBlacklisted(email: string, emailBlacklisted: boolean): Promise<void> {
      await call({
        method: 'PUT',
        path: `/contacts/${enc(email)}`,
        json: { emailBlacklisted },
        schema: none,
      });
    },

    async addToList(listId: number, emails: string[]) {
      return call({
        method: 'POST',
        path: `/contacts/lists/${listId}/contacts/add`,
        json: { emails },
        schema: membershipSchema,
      });
    },

    async removeFromList(listId: number, emails: string[]) {
      return call({
        method: 'POST',
        path: `/contacts/lists/${listId}/contacts/remove`,
        json: { emails },
        schema: membershipSchema,
      });
    },

    getList: (listId: number) =>
      call({ path: `/contacts/lists/${listId}`, schema: listSchema, allowNotFound: true }),

    async createList(name: string): Promise<{ id: number }> {
      const created = await call({
        method: 'POST',
        path: '/contacts/lists',
        json: { name, folderId: await this.folder() },
        schema: z.object({ id }),
      });
      return created!;
    },

    /** The folder new lists go in: the account's first, or a new one if it has none. */
    async folder(): Promise<number> {
      if (folderId !== null) return folderId;
      const page = await call({
        path: '/contacts/folders',
        query: { limit: 1, offset: 0 },
        schema: z.object({ folders: z.array(z.object({ id })).optional() }),
      });
      folderId =
        page?.folders?.[0]?.id ??
        (await call({
          method: 'POST',
          path: '/contacts/folders',
          json: { name: 'Chapters' },
          schema: z.object({ id }),
        }))!.id;
      return folderId;
    },

    async allLists(): Promise<{ id: number; name: string }[]> {
      const lists: { id: number; name: string }[] = [];
      for (let offset = 0; ; offset += BREVO_PAGE.lists) {
        const page = await call({
          path: '/contacts/lists',
          query: { limit: BREVO_PAGE.lists, offset, sort: 'asc' },
          schema: z.object({ lists: z.array(listSchema).optional(), count: z.number().optional() }),
        });
        const got = page?.lists ?? [];
        lists.push(...got);
        if (got.length < BREVO_PAGE.lists) return lists;
      }
    },

    async listContacts(listId: number): Promise<BrevoApiContact[] | null> {
      const contacts: BrevoApiContact[] = [];
      for (let offset = 0; ; offset += BREVO_PAGE.listContacts) {
        const page = await call({
          path: `/contacts/lists/${listId}/contacts`,
          query: { limit: BREVO_PAGE.listContacts, offset },
          schema: z.object({ contacts: z.array(contactSchema).optional() }),
          allowNotFound: true,
        });
        if (!page) return offset === 0 ? null : contacts;
        const got = page.contacts ?? [];
        contacts.push(...got);
        if (got.length < BREVO_PAGE.listContacts) return contacts;
      }
    },

    /**
     * One page of the list's contacts, oldest first (contacts added meanwhile come at the end,
     * so a reader paging through misses none), with the list's count; null for an unknown list.
     */
    async listContactsPage(listId: number, offset: number) {
      const page = await call({
        path: `/contacts/lists/${listId}/contacts`,
        query: { limit: BREVO_PAGE.listContacts, offset, sort: 'asc' },
        schema: z.object({ contacts: z.array(contactSchema).optional(), count: z.number() }),
        allowNotFound: true,
      });
      return page ? { contacts: page.contacts ?? [], count: page.count } : null;
    },

    contactStats: (identifier: string) =>
      call({
        path: `/contacts/${enc(identifier)}/campaignStats`,
        schema: statsSchema,
        allowNotFound: true,
      }),

    getCampaign: (campaignId: number) =>
      call({ path: `/emailCampaigns/${campaignId}`, schema: campaignSchema, allowNotFound: true }),

    async createCampaign(campaign: {
      name: string;
      subject: string;
      senderName: string;
      htmlContent: string;
      replyTo: string | null;
      listId: number;
    }): Promise<number> {
      const created = await call({
        method: 'POST',
        path: '/emailCampaigns',
        json: {
          name: campaign.name,
          subject: campaign.subject,
          sender: { name: campaign.senderName, email: settings.senderEmail },
          htmlContent: campaign.htmlContent,
          ...(campaign.replyTo ? { replyTo: campaign.replyTo } : {}),
          recipients: { listIds: [campaign.listId] },
        },
        schema: z.object({ id }),
      });
      return created!.id;
    },

    async sendNow(campaignId: number): Promise<void> {
      await call({ method: 'POST', path: `/emailCampaigns/${campaignId}/sendNow`, schema: none });
    },
  };
}

export type BrevoClient = ReturnType<typeof brevoClient>;
