// A chapter's calendar feed and one event's .ics (service.ts). Visitors' calendars are kept
// ready (caching/answerCache.ts) until the chapter or any of its events changes (its name, its
// zone, a date skipped or moved), and for at most the public cache's TTL: that is what bounds how
// long time passing goes unseen (a single date that has ended, the feed's first day). Either is
// harmless for that long: a feed starts from yesterday and its RRULEs hold whatever day it is.
import { z } from 'zod';
import type { AppInstance } from '../../appInstance';
import type { User } from '../../../common/schemas/auth';
import { textAnswer } from '../../../common/schemas/answers';
import { answerShowing, appAnswerCache } from '../../caching/answerCache';
import { textAnswers } from '../../caching/answerFormats';
import { seenAlikeByAll, sendPublicAnswer } from '../../caching/publicAnswers';
import { shows } from '../../caching/answerKeys';
import { chapterCalendar, eventCalendar, type CalendarText } from './service';
import { manyChaptersRoutes } from './manyChaptersRoutes';
import { asDownload } from './download';

const showing = (calendar: CalendarText) =>
  answerShowing(calendar.ics, shows.calendar(calendar.chapterId, calendar.eventSlugs));

type CalendarOf = (
  db: AppInstance['db'],
  user: User | null,
  slug: string,
  publicUrl: string,
  now: Date,
) => Promise<CalendarText>;

export function calendarRoutes(app: AppInstance): void {
  const calendars = appAnswerCache(
    app,
    textAnswers('text/calendar; charset=utf-8'),
    app.config.publicCacheMs,
  );

  /**
   * A calendar of `slug`, public: calendar apps subscribe without a session, so a hidden
   * chapter's calendar is a 404 to them. `key` tells the chapter's from an event's in the cache.
   */
  const calendarRoute = (
    url: string,
    key: string,
    slugMax: number,
    description: string,
    calendarOf: CalendarOf,
  ) =>
    app.get(
      url,
      {
        config: { access: 'public' },
        schema: {
          params: z.object({ slug: z.string().min(1).max(slugMax) }),
          response: { 200: textAnswer('text/calendar', description) },
        },
      },
      async (request, reply) => {
        const { slug } = request.params;
        await sendPublicAnswer(request, reply, calendars, `${key}:${slug}`, {
          build: async (user) =>
            showing(await calendarOf(app.db, user, slug, app.config.publicUrl, new Date())),
          fitsCaller: seenAlikeByAll,
          ...asDownload(slug),
        });
        return reply;
      },
    );

  calendarRoute(
    '/api/chapter_calendar/:slug/events.ics',
    'chapter',
    200,
    "The chapter's events as iCalendar",
    chapterCalendar,
  );
  calendarRoute(
    '/api/chapter_calendar/event/:slug/event.ics',
    'event',
    300,
    'One event as iCalendar',
    eventCalendar,
  );
  manyChaptersRoutes(app, calendars);
}
