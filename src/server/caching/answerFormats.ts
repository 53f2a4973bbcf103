// How a cache writes an answer: its format (JSON checked against a schema, or a text format)
// and the ready-to-send form it keeps (the text, its gzip and an ETag). ./answerCache.ts keeps
// and forgets these; ./publicAnswers.ts sends them.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback, gzipSync } from 'node:zlib';
import type { ZodType } from 'zod';

export interface CachedAnswer {
  status: number;
  /** The answer as sent plain (JSON, or the format's text), and its Content-Type. */
  body: string;
  type: string;
  gzip: Buffer;
  etag: string;
  builtAt: number;
  /** What it shows (answerKeys.ts), or null when undeclared: then any change forgets it. */
  shows: ReadonlySet<string> | null;
}

/** How a cache writes its answers: JSON checked against a schema, or a text format. */
export interface AnswerFormat {
  contentType: string;
  toText(value: unknown): string;
}

/**
 * JSON answers, each checked once per build as the route's response schema would check it; not
 * `checked` in production, where routes' answers are not checked either (plugins/serializer.ts):
 * the tests check them, and a server need not pay for it on every build.
 */
export function jsonAnswers(schema: ZodType, checked = true): AnswerFormat {
  return {
    contentType: 'application/json; charset=utf-8',
    toText: (value) => JSON.stringify(checked ? schema.parse(value) : value),
  };
}

/** Text answers (an .ics calendar): the build returns the text itself. */
export function textAnswers(type: string): AnswerFormat {
  return {
    contentType: type,
    toText(value) {
      if (typeof value !== 'string') throw new Error(`A ${type} answer must be built as text`);
      return value;
    },
  };
}

const gzipAsync = promisify(gzipCallback);
/** Answers from this size on are compressed on libuv's thread pool, not on the event loop. */
const ASYNC_GZIP_FROM = 32 * 1024;

export async function toCachedAnswer(
  value: unknown,
  format: AnswerFormat,
  shows: CachedAnswer['shows'],
  status: number,
): Promise<CachedAnswer> {
  const body = format.toText(value);
  // A state's list at 20,000 chapters is 2 MB of JSON: compressing it on the event loop held
  // every other request for tens of milliseconds. A small answer is quicker compressed here
  // than sent to another thread and back.
  const gzip = body.length >= ASYNC_GZIP_FROM ? await gzipAsync(body) : gzipSync(body);
  return {
    status,
    body,
    type: format.contentType,
    gzip,
    // The hash of the compressed bytes, a tenth of the text's and as unique to it (the same text
    // always compresses alike): it names the same answer on every app server that runs the same
    // zlib, and a server that does not just answers in full once more.
    etag: `"${createHash('sha1').update(gzip).digest('base64url')}"`,
    builtAt: Date.now(),
    shows,
  };
}
