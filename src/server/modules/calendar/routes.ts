import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../../app';
import { textAnswer } from '../../../common/schemas/answers';
import { chapterCalendar, eventCalendar } from './service';

/** An .ics answer, offered as a download named after its slug, kept by calendar apps 15 min. */
function sendCalendar(reply: FastifyReply, slug: string, ics: string): FastifyReply {
  return reply
    .type('text/calendar; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${slug.replace(/[^a-z0-9_-]/gi, '')}.ics"`,
    )
    .header('cache-control', 'public, max-age=900')
    .send(ics);
}

export function calendarRoutes(app: AppInstance): void {
  app.get(
    '/api/chapter_calendar/:slug/events.ics',
    {
      // Calendar apps subscribe without a session: a hidden chapter's feed is a 404 to them.
      config: { access: 'public' },
      schema: {
        params: z.object({ slug: z.string().min(1).max(200) }),
        response: { 200: textAnswer('text/calendar', "The chapter's events as iCalendar") },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const ics = await chapterCalendar(
        app.db,
        request.user,
        slug,
        app.config.publicUrl,
        new Date(),
      );
      return sendCalendar(reply, slug, ics);
    },
  );

  /** One event's own calendar. */
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
      const { slug } = request.params;
      const ics = await eventCalendar(app.db, request.user, slug, app.config.publicUrl, new Date());
      return sendCalendar(reply, slug, ics);
    },
  );
}
