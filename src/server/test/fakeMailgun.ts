// A stand-in for Mailgun's routes API on 127.0.0.1, written from Mailgun's documentation
// (Routes; API Response Codes): Basic auth as `api` with the key (401 otherwise), form fields
// priority, description, expression and repeated `action`; "Route has been created" with the
// route, "Route has been deleted", 404 with a message for an unknown id, 429 for its rate limit.
// `deliver(address)` runs the routes as Mailgun would on an incoming message: by priority,
// every matching route's forward()s, until a stop().
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export const FAKE_MAILGUN_KEY = 'key-test-mailgun';

interface Route {
  id: string;
  priority: number;
  description: string;
  expression: string;
  actions: string[];
  created_at: string;
}

export async function startFakeMailgun() {
  const routes = new Map<string, Route>();
  let rateLimited = 0;
  let failures: { status: number; count: number } | null = null;
  const requests: { method: string; path: string }[] = [];

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  }

  function fields(form: URLSearchParams, base?: Route): Omit<Route, 'id' | 'created_at'> {
    return {
      priority: form.has('priority') ? Number(form.get('priority')) : (base?.priority ?? 0),
      description: form.get('description') ?? base?.description ?? '',
      expression: form.get('expression') ?? base?.expression ?? '',
      actions: form.getAll('action').length ? form.getAll('action') : (base?.actions ?? []),
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    requests.push({ method, path: url.pathname });
    const expected = `Basic ${Buffer.from(`api:${FAKE_MAILGUN_KEY}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      res.writeHead(401, { 'content-type': 'text/plain' });
      return res.end('Forbidden');
    }
    if (rateLimited > 0) {
      rateLimited -= 1;
      return send(res, 429, { message: 'Too many requests' });
    }
    if (failures && failures.count > 0) {
      failures.count -= 1;
      return send(res, failures.status, { message: 'Injected failure' });
    }
    const one = /^\/v3\/routes\/([^/]+)$/.exec(url.pathname);
    if (url.pathname === '/v3/routes' && method === 'POST') {
      const form = await readForm(req);
      if (!form.get('expression'))
        return send(res, 400, { message: "'expression' parameter is missing" });
      const route: Route = {
        id: randomBytes(12).toString('hex'),
        ...fields(form),
        created_at: new Date().toUTCString(),
      };
      routes.set(route.id, route);
      return send(res, 200, { message: 'Route has been created', route });
    }
    if (url.pathname === '/v3/routes' && method === 'GET') {
      const skip = Number(url.searchParams.get('skip') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 100);
      const items = [...routes.values()];
      return send(res, 200, { total_count: items.length, items: items.slice(skip, skip + limit) });
    }
    if (one) {
      const route = routes.get(one[1]!);
      if (!route) return send(res, 404, { message: 'Route not found' });
      if (method === 'GET') return send(res, 200, { route });
      if (method === 'PUT') {
        Object.assign(route, fields(await readForm(req), route));
        return send(res, 200, { message: 'Route has been updated', ...route });
      }
      if (method === 'DELETE') {
        routes.delete(route.id);
        return send(res, 200, { message: 'Route has been deleted', id: route.id });
      }
    }
    return send(res, 404, { message: 'Not found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => send(res, 500, { message: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    routes,
    requests,
    /** Where a message to `address` would be forwarded. */
    deliver(address: string): string[] {
      const out: string[] = [];
      const ordered = [...routes.values()].sort((a, b) => a.priority - b.priority);
      for (const route of ordered) {
        const m = /^match_recipient\("(.*)"\)$/.exec(route.expression);
        if (!m || !new RegExp(m[1]!, 'i').test(address)) continue;
        let stop = false;
        for (const action of route.actions) {
          const forward = /^forward\("(.*)"\)$/.exec(action);
          if (forward) out.push(...forward[1]!.split(',').map((s) => s.trim()));
          if (action === 'stop()') stop = true;
        }
        if (stop) break;
      }
      return out;
    },
    rateLimit(count = 1) {
      rateLimited = count;
    },
    fail(status: number, count = 1) {
      failures = { status, count };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeMailgun = Awaited<ReturnType<typeof startFakeMailgun>>;
