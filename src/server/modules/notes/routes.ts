// Chapter notes (spec 2 §7): GET /api/chapter_note/chapter/{chapterId}; POST /api/chapter_note
// answers the saved note. Host-level access to the chapter.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import { idParam } from '../../../common/schemas/chapters';
import { chapterNoteRequestSchema, chapterNoteSchema } from '../../../common/schemas/notes';
import { requireSignIn } from '../../plugins/auth';
import { addChapterNote, listChapterNotes } from './service';

export function noteRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/chapter_note/chapter/:chapterId',
    {
      config: { access: 'hostAccess' },
      schema: {
        params: z.object({ chapterId: idParam }),
        response: { 200: z.array(chapterNoteSchema) },
      },
    },
    (request) => listChapterNotes(app.db, requireSignIn(request), request.params.chapterId),
  );

  app.post(
    '/api/chapter_note',
    {
      config: { access: 'hostAccess' },
      schema: { body: chapterNoteRequestSchema, response: { 200: chapterNoteSchema } },
    },
    (request) => addChapterNote(app.db, requireSignIn(request), request.body),
  );
}
