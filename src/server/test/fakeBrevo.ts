// A stand-in for Brevo's API v3 on 127.0.0.1, written from Brevo's API reference
// (developers.brevo.com/reference), not from our adapter: the `api-key` header, the error body
// { code, message }, 404 document_not_found, 201 answers of creations and list membership,
// 204 of updates and sendNow, page limits (500 contacts of a list, 50 lists) answered with
// 400 out_of_range past them, and 429 with the x-sib-ratelimit-* headers.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Contact {
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
interface Campaign {
  id: number;
  name: string;
  subject: string;
  listIds: number[];
  status: 'draft' | 'sent';
}

export const FAKE_BREVO_KEY = 'xkeysib-test-key';

export async function startFakeBrevo() {
  const contacts: Contact[] = [];
  const lists = new Map<number, { id: number; name: string; folderId: number }>();
  const folders: { id: number; name: string }[] = [];
  const campaigns = new Map<number, Campaign>();
  const requests: { method: string; path: string }[] = [];
  let nextId = 1;
  let rateLimited = 0;
  let failures: { status: number; count: number } | null = null;

  const now = () => new Date().toISOString();
  const find = (identifier: string) =>
    /^\d+$/.test(identifier)
      ? contacts.find((c) => c.id === Number(identifier))
      : contacts.find((c) => c.email === identifier.toLowerCase());
  const publicContact = (c: Contact) => ({
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

  function send(res: ServerResponse, status: number, body?: unknown, headers = {}) {
    res.writeHead(status, {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  }
  const error = (res: ServerResponse, status: number, code: string, message: string) =>
    send(res, status, { code, message });

  async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  function page<T>(res: ServerResponse, url: URL, max: number, items: T[], key: string) {
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    if (limit > max) {
      return error(res, 400, 'out_of_range', `Limit exceeded, max allowed limit is ${max}`);
    }
    send(res, 200, { [key]: items.slice(offset, offset + limit), count: items.length });
  }

  function membership(
    res: ServerResponse,
    listId: number,
    body: Record<string, unknown>,
    add: boolean,
  ) {
    if (!lists.has(listId)) return error(res, 404, 'document_not_found', 'List ID does not exist');
    const emails = Array.isArray(body.emails) ? (body.emails as string[]) : [];
    if (emails.length === 0) return error(res, 400, 'missing_parameter', 'emails is missing');
    if (emails.length > 150) {
      return error(res, 400, 'out_of_range', 'You can pass a maximum of 150 emails');
    }
    const success: string[] = [];
    const failure: string[] = [];
    for (const email of emails) {
      const c = find(email);
      if (!c || (add ? c.listIds.includes(listId) : !c.listIds.includes(listId))) {
        failure.push(email);
        continue;
      }
      if (add) {
        c.listIds.push(listId);
        c.listUnsubscribed = c.listUnsubscribed.filter((l) => l !== listId);
      } else {
        c.listIds = c.listIds.filter((l) => l !== listId);
      }
      c.modifiedAt = now();
      success.push(email);
    }
    if (success.length === 0) {
      return error(
        res,
        400,
        'invalid_parameter',
        add
          ? 'Contact already in list and/or does not exist'
          : 'Contact already removed from list and/or does not exist',
      );
    }
    send(res, 201, { contacts: { success, failure } });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/v3/, '');
    const method = req.method ?? 'GET';
    requests.push({ method, path });
    if (req.headers['api-key'] !== FAKE_BREVO_KEY) {
      return error(res, 401, 'unauthorized', 'Key not found');
    }
    if (rateLimited > 0) {
      rateLimited -= 1;
      return send(
        res,
        429,
        { code: 'too_many_requests', message: 'Too many requests' },
        {
          'x-sib-ratelimit-limit': '10',
          'x-sib-ratelimit-remaining': '0',
          'x-sib-ratelimit-reset': '7',
        },
      );
    }
    if (failures && failures.count > 0) {
      failures.count -= 1;
      return error(res, failures.status, 'failure', 'Injected failure');
    }
    let m: RegExpExecArray | null;

    if (method === 'GET' && path === '/contacts/folders') {
      return page(res, url, 50, folders, 'folders');
    }
    if (method === 'POST' && path === '/contacts/folders') {
      const body = await readJson(req);
      const folder = { id: nextId++, name: String(body.name ?? '') };
      folders.push(folder);
      return send(res, 201, { id: folder.id });
    }
    if (method === 'GET' && path === '/contacts/lists') {
      const all = [...lists.values()].map((l) => ({
        ...l,
        totalBlacklisted: 0,
        totalSubscribers: 0,
        uniqueSubscribers: contacts.filter((c) => c.listIds.includes(l.id)).length,
      }));
      if (url.searchParams.get('sort') !== 'asc') all.reverse();
      return page(res, url, 50, all, 'lists');
    }
    if (method === 'POST' && path === '/contacts/lists') {
      const body = await readJson(req);
      if (typeof body.name !== 'string' || !body.name) {
        return error(res, 400, 'missing_parameter', 'name is missing');
      }
      if (typeof body.folderId !== 'number') {
        return error(res, 400, 'missing_parameter', 'folderId is missing');
      }
      const list = { id: nextId++, name: body.name, folderId: body.folderId };
      lists.set(list.id, list);
      return send(res, 201, { id: list.id });
    }
    if ((m = /^\/contacts\/lists\/(\d+)$/.exec(path)) && method === 'GET') {
      const list = lists.get(Number(m[1]));
      if (!list) return error(res, 404, 'document_not_found', 'List ID does not exist');
      const members = contacts.filter((c) => c.listIds.includes(list.id));
      return send(res, 200, {
        ...list,
        totalBlacklisted: 0,
        totalSubscribers: 0,
        uniqueSubscribers: members.length,
        createdAt: now(),
        campaignStats: [],
        dynamicList: false,
      });
    }
    if ((m = /^\/contacts\/lists\/(\d+)\/contacts$/.exec(path)) && method === 'GET') {
      const id = Number(m[1]);
      if (!lists.has(id)) return error(res, 404, 'document_not_found', 'List ID does not exist');
      // The list's contacts, those who unsubscribed from it included (their listUnsubscribed
      // names it), newest first unless sort=asc, as the reference's "Get contacts in a list".
      const members = contacts
        .filter((c) => c.listIds.includes(id) || c.listUnsubscribed.includes(id))
        .map(publicContact);
      if (url.searchParams.get('sort') !== 'asc') members.reverse();
      return page(res, url, 500, members, 'contacts');
    }
    if (
      (m = /^\/contacts\/lists\/(\d+)\/contacts\/(add|remove)$/.exec(path)) &&
      method === 'POST'
    ) {
      return membership(res, Number(m[1]), await readJson(req), m[2] === 'add');
    }
    if (method === 'POST' && path === '/contacts') {
      const body = await readJson(req);
      const email = String(body.email ?? '').toLowerCase();
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
        return error(res, 400, 'invalid_parameter', 'Invalid email address');
      }
      if (find(email)) {
        return error(
          res,
          400,
          'duplicate_parameter',
          'Unable to create contact, email is already associated with another Contact',
        );
      }
      const listIds = Array.isArray(body.listIds) ? (body.listIds as number[]) : [];
      if (listIds.some((l) => !lists.has(l))) {
        return error(res, 404, 'document_not_found', 'List ID does not exist');
      }
      const contact: Contact = {
        id: nextId++,
        email,
        emailBlacklisted: body.emailBlacklisted === true,
        listIds: [...listIds],
        listUnsubscribed: [],
        createdAt: now(),
        modifiedAt: now(),
        sent: [],
        opened: [],
      };
      contacts.push(contact);
      return send(res, 201, { id: contact.id });
    }
    if ((m = /^\/contacts\/([^/]+)\/campaignStats$/.exec(path)) && method === 'GET') {
      const c = find(decodeURIComponent(m[1]!));
      if (!c) return error(res, 404, 'document_not_found', 'Contact does not exist');
      return send(res, 200, {
        ...(c.sent.length ? { messagesSent: c.sent, delivered: c.sent } : {}),
        ...(c.opened.length ? { opened: c.opened } : {}),
      });
    }
    if ((m = /^\/contacts\/([^/]+)$/.exec(path)) && (method === 'GET' || method === 'PUT')) {
      const c = find(decodeURIComponent(m[1]!));
      if (!c) return error(res, 404, 'document_not_found', 'Contact does not exist');
      if (method === 'GET') return send(res, 200, publicContact(c));
      const body = await readJson(req);
      if (typeof body.emailBlacklisted === 'boolean') c.emailBlacklisted = body.emailBlacklisted;
      c.modifiedAt = now();
      return send(res, 204);
    }
    if (method === 'POST' && path === '/emailCampaigns') {
      const body = await readJson(req);
      const sender = body.sender as { email?: string } | undefined;
      for (const field of ['name', 'subject', 'htmlContent'] as const) {
        if (typeof body[field] !== 'string' || !body[field]) {
          return error(res, 400, 'missing_parameter', `${field} is missing`);
        }
      }
      if (!sender?.email) return error(res, 400, 'missing_parameter', 'sender is missing');
      const listIds = (body.recipients as { listIds?: number[] } | undefined)?.listIds ?? [];
      const campaign: Campaign = {
        id: nextId++,
        name: String(body.name),
        subject: String(body.subject),
        listIds,
        status: 'draft',
      };
      campaigns.set(campaign.id, campaign);
      return send(res, 201, { id: campaign.id });
    }
    if ((m = /^\/emailCampaigns\/(\d+)$/.exec(path)) && method === 'GET') {
      const campaign = campaigns.get(Number(m[1]));
      if (!campaign) return error(res, 404, 'document_not_found', 'Campaign ID does not exist');
      return send(res, 200, { ...campaign, type: 'classic' });
    }
    if ((m = /^\/emailCampaigns\/(\d+)\/sendNow$/.exec(path)) && method === 'POST') {
      const campaign = campaigns.get(Number(m[1]));
      if (!campaign) return error(res, 404, 'document_not_found', 'Campaign ID does not exist');
      if (campaign.status === 'sent') {
        return error(res, 400, 'invalid_parameter', 'Campaign has already been sent');
      }
      campaign.status = 'sent';
      for (const c of contacts) {
        if (!c.emailBlacklisted && c.listIds.some((l) => campaign.listIds.includes(l))) {
          c.sent.push({ campaignId: campaign.id, eventTime: now() });
        }
      }
      return send(res, 204);
    }
    return error(res, 404, 'document_not_found', 'Not found');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      send(res, 500, { code: 'internal_error', message: String(err) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v3`,
    requests,
    campaigns,
    /** Someone unsubscribed from the list (Brevo's unsubscribe link). */
    unsubscribe(listId: number, email: string) {
      const c = find(email);
      if (!c) throw new Error(`no contact ${email}`);
      c.listIds = c.listIds.filter((l) => l !== listId);
      c.listUnsubscribed.push(listId);
    },
    /** The contact opened a campaign they were sent. */
    open(email: string, campaignId: number) {
      find(email)?.opened.push({ campaignId, eventTime: now(), count: 1, ip: '192.0.2.1' });
    },
    /** The next `count` requests answer 429 with Brevo's rate-limit headers. */
    rateLimit(count = 1) {
      rateLimited = count;
    },
    /** The next `count` requests answer `status`. */
    fail(status: number, count = 1) {
      failures = { status, count };
    },
    /** Adds contacts to a list directly (an import in Brevo's own screens), blocklisted or not. */
    seed(listId: number, emails: readonly string[], blocklisted = false) {
      for (const raw of emails) {
        const email = raw.toLowerCase();
        let c = find(email);
        if (!c) {
          c = {
            id: nextId++,
            email,
            emailBlacklisted: false,
            listIds: [],
            listUnsubscribed: [],
            createdAt: now(),
            modifiedAt: now(),
            sent: [],
            opened: [],
          };
          contacts.push(c);
        }
        if (!c.listIds.includes(listId)) c.listIds.push(listId);
        if (blocklisted) c.emailBlacklisted = true;
      }
    },
    /** Adds a list directly (as made in Brevo's own screens). */
    addList(name: string, id = nextId++) {
      const list = { id, name, folderId: 1 };
      lists.set(list.id, list);
      return list.id;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeBrevo = Awaited<ReturnType<typeof startFakeBrevo>>;
