// The original site over HTTP, signed in as an admin: one session cookie, every answer checked
// against its schema. A failed request is retried a few times (the original may be slow or
// restarting); one that keeps failing stops the run, which a second run resumes.
import type { z } from 'zod';
import { legacyAuthSchema } from './schemas';

export class LegacyError extends Error {
  /** 'entity': this answer is malformed or missing (skip it); 'site': the original failed. */
  constructor(
    message: string,
    readonly scope: 'entity' | 'site' = 'site',
  ) {
    super(message);
  }
}

export interface LegacyClient {
  /** The answer, parsed; throws LegacyError for an HTTP failure or a malformed answer. */
  get<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>>;
  /** The answer's JSON, unchecked: for lists whose items are checked one by one. */
  getJson(path: string): Promise<unknown>;
  /** The bytes at the path, or null for a 404 (header images). */
  getBytes(path: string): Promise<Buffer | null>;
  post<S extends z.ZodType>(path: string, body: unknown, schema: S): Promise<z.infer<S>>;
  /** Requests made so far. */
  readonly requests: number;
}

const RETRIES = 3;

/**
 * Signs in; the client answers with at most `inFlight` requests at the original at once,
 * however many entities ask (a busy old site is not to be brought down by its own move).
 */
export async function signIn(
  base: string,
  email: string,
  password: string,
  inFlight = 8,
): Promise<LegacyClient> {
  const root = base.replace(/\/$/, '');
  let cookie = '';
  let requests = 0;
  let running = 0;
  const waiting: (() => void)[] = [];

  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    // A finished request hands its place to the next waiting one.
    if (running >= inFlight) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await withRetries(path, init);
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  }

  async function withRetries(path: string, init: RequestInit): Promise<Response> {
    let lastError: unknown;
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      requests++;
      try {
        const res = await fetch(root + path, {
          ...init,
          headers: {
            accept: 'application/json',
            ...(cookie && { cookie }),
            ...(init.body !== undefined && { 'content-type': 'application/json' }),
          },
        });
        // A 5xx may pass; a 4xx will not.
        if (res.status < 500) return res;
        lastError = new LegacyError(`${init.method ?? 'GET'} ${path} answered ${res.status}`);
        await res.arrayBuffer();
      } catch (err) {
        lastError = err;
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
    }
    throw lastError instanceof LegacyError
      ? lastError
      : new LegacyError(`${init.method ?? 'GET'} ${path}: ${String(lastError)}`);
  }

  async function json(path: string, init?: RequestInit): Promise<unknown> {
    const res = await request(path, init);
    if (!res.ok) {
      const scope = res.status === 404 ? 'entity' : 'site';
      throw new LegacyError(`${init?.method ?? 'GET'} ${path} answered ${res.status}`, scope);
    }
    try {
      return await res.json();
    } catch {
      throw new LegacyError(`${path} did not answer JSON`);
    }
  }

  function parse<S extends z.ZodType>(path: string, schema: S, value: unknown): z.infer<S> {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new LegacyError(
        `malformed ${issue.path.join('.') || 'answer'} in ${path}: ${issue.message}`,
        'entity',
      );
    }
    return parsed.data;
  }

  const signin = await request('/api/auth/signin', {
    method: 'POST',
    body: JSON.stringify({ username: email, password }),
  });
  const answer = legacyAuthSchema.safeParse(await signin.json().catch(() => null));
  if (!signin.ok || !answer.success || !answer.data.user) {
    throw new LegacyError(
      `Could not sign in to ${root} as ${email}` +
        (answer.success && answer.data.error ? `: ${answer.data.error}` : ` (${signin.status})`),
    );
  }
  cookie = signin.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

  return {
    get: async (path, schema) => parse(path, schema, await json(path)),
    getJson: json,
    async getBytes(path) {
      const res = await request(path);
      // A site that answers its app for any unknown path answers HTML, not an image.
      if (res.status === 404 || res.headers.get('content-type')?.startsWith('text/html')) {
        await res.arrayBuffer();
        return null;
      }
      if (!res.ok) throw new LegacyError(`GET ${path} answered ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
    post: async (path, body, schema) =>
      parse(path, schema, await json(path, { method: 'POST', body: JSON.stringify(body) })),
    get requests() {
      return requests;
    },
  };
}
