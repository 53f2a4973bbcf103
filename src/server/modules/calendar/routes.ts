import { z } from 'zod';
import type { AppInstance } from '../../app';
import { textAnswer } from '../../../common/schemas/answers';
import { chapterCalendar } from './service';

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
      const ics = await chapterCalendar(
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
