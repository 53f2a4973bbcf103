// Uploaded images, served by every app server from the database (store.ts), under the spec's
// path: /assets/images/uploads/<sha256>.jpg is one image for ever (cached for a year, immutable)
// until no slot shows it and it is deleted; /assets/images/uploads/chapter_header_12.jpg and
// front_page.jpg, the URLs before images were stored by hash, which pages and emails out there
// still carry, serve whatever image the slot shows now, asked again each time (a 304 when it is
// the same). A hidden chapter's header is a 404 at its slot URL to all but those who may see the
// chapter, as every read of the chapter is, and to them it is not to be kept (issue 31). Both
// answer with the hash as a strong ETag, and 304 to a client that has it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import { HttpError } from '../../core/httpError';
import { imageMemory } from './imageMemory';
import { chapterIdOfSlot, hashOfFile, slotOfFile, UPLOADS_URL } from './slots';
import { chapterStatus, imageByHash, slotHash, type StoredImage } from './store';
import type { Db } from '../../db/client';
import { CHAPTER_STATUS } from '../../../common/constants';
import { canSeeChapter } from '../../../common/policy';
import { onAnswersForgotten } from '../../caching/answerCache';
import { EVERY_ANSWER, key } from '../../caching/answerKeys';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * A slot's URL is asked again on every use (a 304 when unchanged): a new image shows at once,
 * and so does hiding the chapter, which no cache may outlast.
 */
export const SLOT_CACHE = 'public, no-cache';
/** A hidden chapter's header, to those who may see it: no cache keeps it for anyone else. */
export const HIDDEN_SLOT_CACHE = 'private, no-store';

const params = z.object({ file: z.string().max(100) });

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 says). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  image: StoredImage,
  cacheControl: string,
) {
  const etag = `"${image.hash}"`;
  reply.header('etag', etag).header('cache-control', cacheControl);
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(image.contentType).send(image.bytes);
}

/**
 * How the slot's image may be kept, or null when the caller may not see it: a chapter's header
 * is seen by whoever may see the chapter (a hidden one: its hosts and admins).
 */
async function slotCache(db: Db, request: FastifyRequest, slot: string): Promise<string | null> {
  const chapterId = chapterIdOfSlot(slot);
  if (chapterId === null) return SLOT_CACHE;
  const status = await chapterStatus(db, chapterId);
  if (status === null) return null;
  if (status === CHAPTER_STATUS.active) return SLOT_CACHE;
  // Only a hidden chapter's header costs the query of who is asking.
  const user = await request.readUser();
  return canSeeChapter(user, { id: chapterId, status }) ? HIDDEN_SLOT_CACHE : null;
}

export function imageServeRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const memory = imageMemory((hash) => imageByHash(app.db, hash));
  const imagePrefix = key.image('');
  // Images deleted from storage, by any server: none is served from memory after its notice.
  onAnswersForgotten(app, {
    forget(things) {
      if (things.includes(EVERY_ANSWER)) memory.clear();
      for (const thing of things) {
        if (thing.startsWith(imagePrefix)) memory.forget(thing.slice(imagePrefix.length));
      }
    },
    clear: () => memory.clear(),
  });

  app.get(
    `${UPLOADS_URL}/:file`,
    { config: { access: 'public' }, schema: { params } },
    async (request, reply) => {
      const { file } = request.params;
      const hash = hashOfFile(file);
      if (hash) {
        const image = await memory.get(hash);
        if (image) return sendImage(request, reply, image, IMMUTABLE);
      } else {
        const slot = slotOfFile(file);
        const cache = slot && (await slotCache(app.db, request, slot));
        const shown = cache && (await slotHash(app.db, slot));
        const image = shown && (await memory.get(shown));
        if (image) return sendImage(request, reply, image, cache);
      }
      throw new HttpError(404, `Not found: ${request.method} ${UPLOADS_URL}/${file}`);
    },
  );
}
