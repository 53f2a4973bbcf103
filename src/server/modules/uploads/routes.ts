// Chapter header images (spec 2 §2 Page Content, §7): POST and DELETE
// /api/chapter/header_image/{id}, host-level access. The upload is the multipart field `image`;
// the answer { result: 'success' } is what the screen checks. The image is stored in the
// database (store.ts) and the chapter's answer names it by its hash (slots.ts); the image it
// replaces is deleted, and a chapter takes LIMITS.headerUploadsPerHour uploads an hour.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import { idParam } from '../../../common/schemas/chapters';
import { resultSchema } from '../../../common/schemas/permissions';
import { requireSignIn } from '../../plugins/auth';
import { forgetAnswers } from '../../caching/answerCache';
import { changed } from '../../caching/answerKeys';
import { fieldError, HttpError } from '../../core/httpError';
import { isCutOffUpload, UPLOAD_CUT_OFF } from '../../core/cutOffUpload';
import { requireChapterHostAccess } from '../../core/access';
import { chapterHeaderSlot } from './slots';
import { JPEG, MAX_UPLOAD_BYTES, NOT_AN_IMAGE, TOO_LARGE, toJpeg } from './images';
import { clearSlot, showImage } from './store';
import { takeUploadTurn } from './uploadLimit';

const params = z.object({ id: idParam });

/** The bytes of the multipart field `image`, or a 400/413 that says what is wrong. */
export async function readImageField(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new HttpError(400, 'Send the image as a file upload (multipart/form-data).');
  }
  let file;
  try {
    file = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  } catch {
    throw new HttpError(400, 'The upload could not be read.');
  }
  if (!file || file.fieldname !== 'image') {
    const message = 'Choose an image file to upload.';
    throw fieldError(400, 'image', message);
  }
  const data = await file.toBuffer().catch((err: unknown) => {
    if (isCutOffUpload(err)) throw fieldError(400, 'image', UPLOAD_CUT_OFF);
    return null;
  });
  if (!data || file.file.truncated) {
    throw fieldError(413, 'image', TOO_LARGE);
  }
  if (data.length === 0) throw fieldError(400, 'image', NOT_AN_IMAGE);
  return data;
}

export function uploadRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/chapter/header_image/:id',
    {
      config: { access: 'hostAccess' },
      schema: { params, response: { 200: resultSchema } },
    },
    async (request) => {
      const chapter = await requireChapterHostAccess(
        app.db,
        requireSignIn(request),
        request.params.id,
      );
      // The limit is asked before the body is read: a refused upload is answered at once, not
      // after the whole file has come (plugins/unreadBody.ts reads the rest and throws it away).
      const turn = await takeUploadTurn(app.db, chapter.id);
      let change;
      try {
        const upload = await readImageField(request);
        const jpeg = await toJpeg(upload, { limitMs: app.config.imageDecodeMs });
        change = await showImage(app.db, chapterHeaderSlot(chapter.id), jpeg, JPEG);
      } catch (err) {
        // Nothing stored: a file that did not arrive, or is no image, is no upload.
        await turn.giveBack();
        throw err;
      }
      await forgetAnswers(app, [
        ...changed.chapterPart(chapter.id),
        ...changed.imagesGone([change.deleted]),
      ]);
      return { result: 'success' as const };
    },
  );

  app.delete(
    '/api/chapter/header_image/:id',
    {
      config: { access: 'hostAccess' },
      schema: { params, response: { 200: resultSchema } },
    },
    async (request) => {
      const chapter = await requireChapterHostAccess(
        app.db,
        requireSignIn(request),
        request.params.id,
      );
      const change = await clearSlot(app.db, chapterHeaderSlot(chapter.id));
      await forgetAnswers(app, [
        ...changed.chapterPart(chapter.id),
        ...changed.imagesGone([change.deleted]),
      ]);
      return { result: 'success' as const };
    },
  );
}
