// Sending kept answers (answerCache.ts): as they are, with their ETag and gzip, and, for a public
// read, to whoever may have the visitors' answer, while anyone else's is built for them. A
// visitor's answer is also left with the front door (frontDoor.ts), which sends it for this URL
// until its cache lets it go.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../../common/schemas/auth';
import { answerOf, type AnswerCache, type Shows } from './answerCache';
import type { CachedAnswer } from './answerFormats';
import { noteShown } from './answersShown';
import { rememberAnswer, type CurrentAnswer } from './frontDoor';

/**
 * Sends a cached answer: 304 to a matching revalidation, gzip to those who accept it. A route's
 * schema-typed reply is a `FastifyReply` as it is (no cast): these take it as the plain type, whose
 * `send` takes the kept bytes the schema-typed one would refuse.
 */
export function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Omit<CachedAnswer, 'builtAt' | 'shows'>,
  cacheControl: string,
): FastifyReply {
  void reply
    .code(answer.status)
    .header('etag', answer.etag)
    .header('cache-control', cacheControl)
    .header('vary', 'accept-encoding');
  // Only a 200 is revalidated: a 404 page is sent whole, as it was the first time.
  if (answer.status === 200 && request.headers['if-none-match'] === answer.etag) {
    return reply.code(304).send();
  }
  const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
  void reply.type(answer.type);
  return gzip
    ? reply.header('content-encoding', 'gzip').send(answer.gzip)
    : reply.send(answer.body);
}

/**
 * Sends an answer that is the same for everyone who asks (the home map, `/active`), which
 * browsers may keep and revalidate; the front door sends it for this URL while `current()` has it.
 */
export function sendSharedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Omit<CachedAnswer, 'builtAt' | 'shows'>,
  current: CurrentAnswer,
): FastifyReply {
  rememberAnswer(request, current);
  return sendCachedAnswer(request, reply, answer, 'public, max-age=0, must-revalidate');
}

export interface PublicAnswer {
  /** The answer for this caller (null: a visitor); it may say what it shows (answerShowing). */
  build(user: User | null): Promise<unknown>;
  shows?: Shows;
  /**
   * Whether this signed-in caller gets the visitors' `answer` (their roles change nothing in
   * it): a rule of the module's visibility policy. Without it, signed-in callers never do.
   */
  fitsCaller?(user: User, answer: CachedAnswer): boolean;
  /**
   * Cache-Control of the visitors' answer, to whoever it is sent. By default browsers keep it
   * and revalidate it by its ETag each time ('private, no-cache'). An answer built for one
   * caller is always 'private, no-cache': it may show what a shared cache must not keep.
   */
  cacheControl?: string;
  /** Headers of every answer of the route, whoever it was built for (a download's name). */
  headers?: Readonly<Record<string, string>>;
}

/**
 * fitsCaller of answers that are the same for everyone who may see them at all: a chapter's
 * posts, its events, its calendars. Roles decide only whether a caller sees the chapter
 * (common/policy.ts canSeeChapter), and what it shows them is what visitors get. A visitors'
 * answer exists only for a chapter everyone sees (a hidden chapter's is a 404, never kept), so
 * it fits every caller; a hidden chapter's hosts and admins have theirs built for them.
 */
export function seenAlikeByAll(): boolean {
  return true;
}

/**
 * A public read whose answer may depend on who asks: visitors, and signed-in users whose roles
 * change nothing in it, get it from `cache`; anyone else gets it built for them every time.
 * `reply` is the route's reply, whatever its schema types it as; the route returns it.
 */
export async function sendPublicAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: AnswerCache,
  key: string,
  { build, shows, fitsCaller, cacheControl = 'private, no-cache', headers = {} }: PublicAnswer,
): Promise<void> {
  const user = request.user;
  const visitors = () => cache.get(key, () => build(null), shows);
  if (!user) {
    rememberAnswer(request, () => cache.peek(key));
    // The route's headers go on its answer only, never on an error in its place.
    const answer = await visitors();
    // A page drawn from this answer on the server shows what it shows.
    noteShown(answer.shows);
    sendCachedAnswer(request, reply.headers(headers), answer, cacheControl);
    return;
  }
  if (fitsCaller) {
    // What visitors get may be a 404 (a hidden chapter) that this caller's roles would show.
    const answer = await visitors().catch(() => null);
    if (answer && fitsCaller(user, answer)) {
      sendCachedAnswer(request, reply.headers(headers), answer, cacheControl);
      return;
    }
  }
  const value = answerOf(await build(user));
  // A text answer (a calendar) goes out as the cache's type; JSON through the route's schema.
  if (typeof value === 'string') void reply.type(cache.contentType);
  void reply.headers(headers).header('cache-control', 'private, no-cache').send(value);
}
