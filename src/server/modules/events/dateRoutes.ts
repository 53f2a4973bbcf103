// An event's public page, and its dates for hosts: skip one date, move it, or restore it.
// Host-level access to the event's chapter is checked per chapter in the service.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import { idParam } from '../../../common/schemas/chapters';
import {
  chapterEventDatesSchema,
  dateChangeParamsSchema,
  dateChangeSchema,
  eventDatesSchema,
  eventPageSchema,
} from '../../../common/schemas/eventDates';
import { requireSignIn } from '../../plugins/auth';
import { forgetAnswers } from '../../caching/answerCache';
import { changed } from '../../caching/answerKeys';
import { changeDate, listChapterEventDates, restoreDate } from './dateChanges';
import { getEventPage } from './page';

export function eventDateRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/chapter_event/slug/:slug/page',
    {
      // A hidden chapter's event is a 404 to anyone without host-level access to it.
      config: { access: 'public' },
      schema: {
        params: z.object({ slug: z.string().min(1).max(300) }),
        response: { 200: eventPageSchema },
      },
    },
    (request) => getEventPage(app.db, request.user, request.params.slug),
  );

  app.get(
    '/api/chapter_event/chapter/:chapterId/dates',
    {
      config: { access: 'hostAccess' },
      schema: {
        params: z.object({ chapterId: idParam }),
        response: { 200: chapterEventDatesSchema },
      },
    },
    (request) => listChapterEventDates(app.db, requireSignIn(request), request.params.chapterId),
  );

  app.put(
    '/api/chapter_event/slug/:slug/dates/:date',
    {
      config: { access: 'hostAccess' },
      schema: {
        params: dateChangeParamsSchema,
        body: dateChangeSchema,
        response: { 200: eventDatesSchema },
      },
    },
    async (request) => {
      const { slug, date } = request.params;
      const dates = await changeDate(app.db, requireSignIn(request), slug, date, request.body);
      await forgetAnswers(app, changed.event(slug));
      return dates;
    },
  );

  app.delete(
    '/api/chapter_event/slug/:slug/dates/:date',
    {
      config: { access: 'hostAccess' },
      schema: { params: dateChangeParamsSchema, response: { 200: eventDatesSchema } },
    },
    async (request) => {
      const { slug, date } = request.params;
      const dates = await restoreDate(app.db, requireSignIn(request), slug, date);
      await forgetAnswers(app, changed.event(slug));
      return dates;
    },
  );
}
