// How long the importer waits for the original and how much of one answer it reads. A site
// that stops answering must stop the run with its address named, not hold it for ever; an
// answer far past any the original's calls give (a misconfigured proxy's file, a loop) must not
// be read into memory whole. Both are per request; the run stops on either, and a rerun resumes.
import { LegacyError } from './legacyError';

export interface RequestLimits {
  /** Milliseconds from asking to the last byte of the answer. */
  timeoutMs: number;
  /** Bytes of one answer's body. */
  maxBytes: number;
}

/**
 * 30 s is far longer than any one call of a site that is answering takes; a request that runs
 * out of time is tried again (client.ts), so a site must stay silent for three of them. 20 MB:
 * the largest answer, every user at once, is about 4.5 MB for 20,000 users as the stand-in
 * answers it (chapters with their events, 3 MB for 2,000), and a header image a few MB.
 */
export const DEFAULT_LIMITS: RequestLimits = { timeoutMs: 30_000, maxBytes: 20 * 1024 * 1024 };

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** The error of a request that ran out of time, naming the address. */
export function timedOut(method: string, url: string, limits: RequestLimits): LegacyError {
  return new LegacyError(
    `${method} ${url}: no whole answer within ${limits.timeoutMs / 1000} s (the original is not answering)`,
  );
}

export function isTimeout(err: unknown): boolean {
  const name = (err as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

/**
 * The answer's body, read chunk by chunk and given up (the connection closed) as soon as it
 * passes `maxBytes`. A stalled body ends with the request's own timeout signal.
 */
export async function readBody(
  res: Response,
  method: string,
  url: string,
  limits: RequestLimits,
): Promise<Buffer> {
  const tooLarge = () =>
    new LegacyError(
      `${method} ${url}: the answer is larger than ${megabytes(limits.maxBytes)}, more than any call of the original gives; stopped reading it`,
    );
  if (Number(res.headers.get('content-length') ?? 0) > limits.maxBytes) {
    await discard(res);
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body?.getReader();
  try {
    for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
      size += read.value.byteLength;
      if (size > limits.maxBytes) {
        // Cancelling closes the connection: the rest is never sent, let alone kept.
        await reader?.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(read.value);
    }
  } catch (err) {
    if (err instanceof LegacyError) throw err;
    if (isTimeout(err)) throw timedOut(method, url, limits);
    throw new LegacyError(`${method} ${url}: the answer broke off (${String(err)})`);
  }
  return Buffer.concat(chunks);
}

/** Lets go of an answer not to be read: the connection is closed rather than drained. */
export async function discard(res: Response): Promise<void> {
  await res.body?.cancel().catch(() => {});
}
