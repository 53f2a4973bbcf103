// Uploaded images, served by every app server from the database (store.ts), under the spec's
// path: /assets/images/uploads/<sha256>.jpg is one image for ever (cached for a year, immutable);
// /assets/images/uploads/chapter_header_12.jpg and front_page.jpg, the URLs before images were
// stored by hash, which pages and emails out there still carry, serve whatever image the slot
// shows now, cached for minutes. Both answer with the hash as a strong ETag, and 304 to a client
// that has it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import { HttpError } from '../../core/httpError';
import { imageMemory } from './imageMemory';
import { hashOfFile, slotOfFile, UPLOADS_URL } from './slots';
import { imageByHash, slotHash, type StoredImage } from './store';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A slot's URL shows a new image after an upload within this long (as the files' URLs did). */
export const SLOT_CACHE = 'public, max-age=300';

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

export function imageServeRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const memory = imageMemory((hash) => imageByHash(app.db, hash));

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
        const shown = slot && (await slotHash(app.db, slot));
        const image = shown && (await memory.get(shown));
        if (image) return sendImage(request, reply, image, SLOT_CACHE);
      }
      throw new HttpError(404, `Not found: ${request.method} ${UPLOADS_URL}/${file}`);
    },
  );
}
