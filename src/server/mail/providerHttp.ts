// Calls to a mail provider's HTTP API (Brevo, Mailgun) with plain fetch, answers checked by zod.
// Every failure becomes a ProviderError: what failed, with spec 2 §8's text as its message. Mail
// knows nothing of our own HTTP API: the error handler (plugins/errors.ts providerAnswer) turns
// a ProviderError into our answer, so a route needs no try/catch of its own.
import type { z } from 'zod';
import { PROVIDER_ERROR_TEXT, serverErrorText } from '../../common/schemas/emailAdmin';

export type ProviderName = 'brevo' | 'mailgun';
export type ProviderFailure =
  | 'auth'
  | 'forbidden'
  | 'timeout'
  | 'unreachable'
  | 'rateLimited'
  | 'notFound'
  | 'badRequest'
  | 'other';

/**
 * A provider call that failed. `upstreamStatus` is the provider's (0: no answer); after its rate
 * limit, `retryAfterSeconds` is how long it asked us to wait.
 */
export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly failure: ProviderFailure,
    readonly upstreamStatus: number,
    message: string,
    /** The provider's own words, for the log and for 400s it explains. */
    readonly providerMessage?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

function failureOf(status: number): ProviderFailure {
  if (status === 401) return 'auth';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  if (status === 429) return 'rateLimited';
  if (status === 504 || status === 408) return 'timeout';
  if (status === 400) return 'badRequest';
  return 'other';
}

const TEXT: Partial<Record<ProviderFailure, string>> = {
  auth: PROVIDER_ERROR_TEXT.auth,
  forbidden: PROVIDER_ERROR_TEXT.forbidden,
  timeout: PROVIDER_ERROR_TEXT.timeout,
  unreachable: PROVIDER_ERROR_TEXT.unreachable,
  rateLimited: PROVIDER_ERROR_TEXT.rateLimited,
};

export interface ProviderRequest<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  /** JSON, or form fields (Mailgun). */
  json?: unknown;
  form?: URLSearchParams;
  schema: z.ZodType<T>;
  /** Answer null instead of failing on a 404. */
  allowNotFound?: boolean;
}

export interface ProviderClientOptions {
  provider: ProviderName;
  baseUrl: string;
  headers: Record<string, string>;
  timeoutMs?: number;
  /** Seconds to wait after a 429, read from the provider's headers. */
  retryAfter: (headers: Headers) => number | undefined;
}

export type ProviderFetch = <T>(request: ProviderRequest<T>) => Promise<T | null>;

/** A fetch bound to one provider: base URL, credentials, timeout and the error mapping. */
export function providerFetch(options: ProviderClientOptions): ProviderFetch {
  const base = options.baseUrl.replace(/\/+$/, '');
  const fail = (
    failure: ProviderFailure,
    status: number,
    statusText: string,
    detail?: string,
    retryAfter?: number,
  ) =>
    new ProviderError(
      options.provider,
      failure,
      status,
      TEXT[failure] ?? serverErrorText(status, statusText),
      detail,
      retryAfter,
    );

  return async function call<T>(request: ProviderRequest<T>): Promise<T | null> {
    const url = new URL(base + request.path);
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    let response: Response;
    try {
      response = await fetch(url, {
        method: request.method ?? 'GET',
        headers: {
          accept: 'application/json',
          ...options.headers,
          ...(request.json !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body:
          request.json !== undefined
            ? JSON.stringify(request.json)
            : request.form !== undefined
              ? request.form
              : undefined,
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (err) {
      const name = (err as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw fail('timeout', 0, '');
      throw fail('unreachable', 0, '', err instanceof Error ? err.message : String(err));
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) {
      if (response.status === 404 && request.allowNotFound) return null;
      const failure = failureOf(response.status);
      throw fail(
        failure,
        response.status,
        response.statusText,
        providerMessageOf(text),
        failure === 'rateLimited' ? (options.retryAfter(response.headers) ?? 60) : undefined,
      );
    }
    let body: unknown = undefined;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        throw fail('other', response.status, 'answer is not JSON');
      }
    }
    const parsed = request.schema.safeParse(body);
    if (!parsed.success) {
      throw fail('other', response.status, 'unexpected answer', parsed.error.message);
    }
    return parsed.data;
  };
}

/** `message` of a JSON error body (both providers use it), else the text itself. */
function providerMessageOf(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // not JSON
  }
  return text.slice(0, 300) || undefined;
}
