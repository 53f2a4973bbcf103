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
  type EventPage,
} from '../../../common/schemas/eventDates';
import { requireSignIn } from '../../plugins/auth';
import { appAnswerCache, forgetAnswers } from '../../caching/answerCache';
import { seenAlikeByAll, sendPublicAnswer } from '../../caching/publicAnswers';
import { changed, shows } from '../../caching/answerKeys';
import { changeDate, listChapterEventDates, restoreDate } from './dateChanges';
import { datesBefore } from '../reminders';
import { tellThoseGoing } from './tellThoseGoing';
import { getEventPage } from './page';

export function eventDateRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Kept ready like the event's own answer, until the event or its chapter changes, or for the
  // TTL: its dates move on with the clock, and its going counts (issue 33) are not forgotten
  // per RSVP, so both are as old as PUBLIC_CACHE_SECONDS at most.
  const pageAnswers = appAnswerCache(app, eventPageSchema, app.config.publicCacheMs);

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
    async (request, reply) => {
      const { slug } = request.params;
      await sendPublicAnswer(request, reply, pageAnswers, slug, {
        build: (user) => getEventPage(app.db, user, slug),
        shows: (page: EventPage) => shows.event(slug, page.chapter.id),
        fitsCaller: seenAlikeByAll,
      });
      return reply;
    },
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
      const before = await datesBefore(app.db, { slug }, new Date());
      const dates = await changeDate(app.db, requireSignIn(request), slug, date, request.body);
      await forgetAnswers(app, changed.event(slug));
      await tellThoseGoing(root, before);
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
      const before = await datesBefore(app.db, { slug }, new Date());
      const dates = await restoreDate(app.db, requireSignIn(request), slug, date);
      await forgetAnswers(app, changed.event(slug));
      await tellThoseGoing(root, before);
      return dates;
    },
  );
}
