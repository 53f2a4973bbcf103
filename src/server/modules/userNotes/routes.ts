// Notes about a user (spec 2 §7): GET /api/user_note/user/{userId} and POST /api/user_note,
// admins only.
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import {
  userNoteListSchema,
  userNoteRequestSchema,
  userNoteSchema,
} from '../../../common/schemas/userNotes';
import { userIdParamSchema } from '../../../common/schemas/users';
import { requireAdmin } from '../../plugins/auth';
import { listUserNotes, saveUserNote } from './service';

export function userNoteRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/user_note/user/:userId',
    {
      config: { access: 'admin' },
      schema: { params: userIdParamSchema, response: { 200: userNoteListSchema } },
    },
    (request) => {
      requireAdmin(request);
      return listUserNotes(app.db, request.params.userId);
    },
  );

  app.post(
    '/api/user_note',
    {
      config: { access: 'admin' },
      schema: { body: userNoteRequestSchema, response: { 200: userNoteSchema } },
    },
    (request) => saveUserNote(app.db, requireAdmin(request), request.body),
  );
}
