// The original site over HTTP, signed in as an admin: one session cookie, every answer checked
// against its schema. A failed request is retried a few times (the original may be slow or
// restarting); one that keeps failing stops the run, which a second run resumes.
import type { z } from 'zod';
import { legacyAuthSchema } from './schemas';
import { LegacyError } from './legacyError';
import {
  DEFAULT_LIMITS,
  discard,
  isTimeout,
  readBody,
  timedOut,
  type RequestLimits,
} from './limits';

export { LegacyError };

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
  limits: RequestLimits = DEFAULT_LIMITS,
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
    const method = init.method ?? 'GET';
    let lastError: unknown;
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      requests++;
      try {
        const res = await fetch(root + path, {
          ...init,
          // Covers the body too: an answer that stops halfway fails its read (limits.ts).
          signal: AbortSignal.timeout(limits.timeoutMs),
          headers: {
            accept: 'application/json',
            ...(cookie && { cookie }),
            ...(init.body !== undefined && { 'content-type': 'application/json' }),
          },
        });
        // A 5xx may pass; a 4xx will not.
        if (res.status < 500) return res;
        lastError = new LegacyError(`${method} ${path} answered ${res.status}`);
        await discard(res);
      } catch (err) {
        lastError = isTimeout(err) ? timedOut(method, root + path, limits) : err;
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
    }
    throw lastError instanceof LegacyError
      ? lastError
      : new LegacyError(`${method} ${root + path}: ${String(lastError)}`);
  }

  /** The answer's bytes, at most `limits.maxBytes` of them. */
  const bytesOf = (res: Response, path: string, init?: RequestInit) =>
    readBody(res, init?.method ?? 'GET', root + path, limits);

  async function json(path: string, init?: RequestInit): Promise<unknown> {
    const res = await request(path, init);
    if (!res.ok) {
      await discard(res);
      const scope = res.status === 404 ? 'entity' : 'site';
      throw new LegacyError(`${init?.method ?? 'GET'} ${path} answered ${res.status}`, scope);
    }
    const body = await bytesOf(res, path, init);
    try {
      return JSON.parse(body.toString('utf8'));
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

  const signinPath = '/api/auth/signin';
  const signinInit = { method: 'POST', body: JSON.stringify({ username: email, password }) };
  const signin = await request(signinPath, signinInit);
  const answer = legacyAuthSchema.safeParse(
    await bytesOf(signin, signinPath, signinInit)
      .then((body) => JSON.parse(body.toString('utf8')) as unknown)
      .catch((err: unknown) => {
        if (err instanceof LegacyError) throw err;
        return null;
      }),
  );
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
        await discard(res);
        return null;
      }
      if (!res.ok) {
        await discard(res);
        throw new LegacyError(`GET ${path} answered ${res.status}`);
      }
      return bytesOf(res, path);
    },
    post: async (path, body, schema) =>
      parse(path, schema, await json(path, { method: 'POST', body: JSON.stringify(body) })),
    get requests() {
      return requests;
    },
  };
}
