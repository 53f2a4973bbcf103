// A stand-in for Brevo's API v3 on 127.0.0.1, written from Brevo's API reference
// (developers.brevo.com/reference), not from our adapter: the `api-key` header, the error body
// { code, message }, 404 document_not_found, 201 answers of creations and list membership,
// 204 of updates and sendNow, page limits (500 contacts of a list, 50 lists) answered with
// 400 out_of_range past them, and 429 with the x-sib-ratelimit-* headers. The routes are in
// ./fakeBrevo/ (lists, contacts, campaigns); this file is the server, its key and the failures
// a test can bring about, and the tests' controls (what a person does in Brevo's own screens).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { campaignRoute } from './fakeBrevo/campaignRoutes';
import { contactRoute } from './fakeBrevo/contactRoutes';
import { error, send, type BrevoRequest } from './fakeBrevo/http';
import { listRoute } from './fakeBrevo/listRoutes';
import { BrevoStore, now } from './fakeBrevo/store';

export const FAKE_BREVO_KEY = 'xkeysib-test-key';

const routes: ((request: BrevoRequest) => Promise<boolean>)[] = [
  listRoute,
  contactRoute,
  campaignRoute,
];

export async function startFakeBrevo() {
  const store = new BrevoStore();
  const requests: { method: string; path: string }[] = [];
  let rateLimited = 0;
  let failures: { status: number; count: number } | null = null;

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
    for (const route of routes) {
      if (await route({ req, res, url, path, method, store })) return;
    }
    error(res, 404, 'document_not_found', 'Not found');
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
    campaigns: store.campaigns,
    /** Someone unsubscribed from the list (Brevo's unsubscribe link). */
    unsubscribe(listId: number, email: string) {
      const c = store.find(email);
      if (!c) throw new Error(`no contact ${email}`);
      c.listIds = c.listIds.filter((l) => l !== listId);
      c.listUnsubscribed.push(listId);
    },
    /** The contact opened a campaign they were sent. */
    open(email: string, campaignId: number) {
      store.find(email)?.opened.push({ campaignId, eventTime: now(), count: 1, ip: '192.0.2.1' });
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
        const c = store.find(email) ?? store.addContact(email);
        if (!c.listIds.includes(listId)) c.listIds.push(listId);
        if (blocklisted) c.emailBlacklisted = true;
      }
    },
    /** Adds a list directly (as made in Brevo's own screens). */
    addList(name: string, id = store.newId()) {
      const list = { id, name, folderId: 1 };
      store.lists.set(list.id, list);
      return list.id;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeBrevo = Awaited<ReturnType<typeof startFakeBrevo>>;
