// Event edits (spec 2 §7): POST /api/chapter_event answers the saved event; DELETE
// /api/chapter_event/slug/{slug}. Host-level access to the event's chapter.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import { chapterEventSchema } from '../../../common/schemas/chapters';
import { eventSaveRequestSchema } from '../../../common/schemas/events';
import { resultSchema } from '../../../common/schemas/permissions';
import { requireSignIn } from '../../plugins/auth';
import { forgetAnswers } from '../../caching/answerCache';
import { changed } from '../../caching/answerKeys';
import { deleteEvent, saveEvent } from './save';
import { moveUpAfterSave } from '../rsvps';
import { datesBefore } from '../reminders';
import { tellThoseGoing } from './tellThoseGoing';

export function eventSaveRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/chapter_event',
    {
      config: { access: 'hostAccess' },
      schema: { body: eventSaveRequestSchema, response: { 200: chapterEventSchema } },
    },
    async (request) => {
      const before =
        request.body.id !== undefined || request.body.slug !== undefined
          ? await datesBefore(app.db, { id: request.body.id, slug: request.body.slug }, new Date())
          : null;
      const event = await saveEvent(app.db, requireSignIn(request), request.body);
      await forgetAnswers(app, changed.event(event.slug, event.chapterId));
      await tellThoseGoing(root, before);
      // More room (or none to count): those waiting at its coming dates move up.
      await moveUpAfterSave(root, request.log, event.id);
      return event;
    },
  );

  app.delete(
    '/api/chapter_event/slug/:slug',
    {
      config: { access: 'hostAccess' },
      schema: {
        params: z.object({ slug: z.string().min(1).max(300) }),
        response: { 200: resultSchema },
      },
    },
    async (request) => {
      await deleteEvent(app.db, requireSignIn(request), request.params.slug);
      await forgetAnswers(app, changed.event(request.params.slug));
      return { result: 'success' as const };
    },
  );
}
