import { z } from 'zod';
import type { AppInstance } from '../../app';
import { textAnswer } from '../../../common/schemas/answers';
import { eventCalendar } from './service';

/** GET /api/chapter_calendar/event/{eventSlug}/event.ics: one event's own calendar. */
export function eventCalendarRoutes(app: AppInstance): void {
  app.get(
    '/api/chapter_calendar/event/:slug/event.ics',
    {
      // As the chapter's feed: a hidden chapter's event is a 404 to calendar apps.
      config: { access: 'public' },
      schema: {
        params: z.object({ slug: z.string().min(1).max(300) }),
        response: { 200: textAnswer('text/calendar', 'One event as iCalendar') },
      },
    },
    async (request, reply) => {
      const ics = await eventCalendar(
        app.db,
        request.user,
        request.params.slug,
        app.config.publicUrl,
        new Date(),
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${request.params.slug.replace(/[^a-z0-9_-]/gi, '')}.ics"`,
        )
        .header('cache-control', 'public, max-age=900')
        .send(ics);
    },
  );
}
