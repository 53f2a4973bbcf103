// The host's calls for a date's RSVPs (issue 33 items 6 and 7): the guest list and its CSV,
// check-in at the door, and the chapter's coming dates in numbers. Host-level access to the
// event's chapter, checked per chapter in the service (core/access.ts).
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import { idParam } from '../../../common/schemas/chapters';
import { dateChangeParamsSchema } from '../../../common/schemas/eventDates';
import { attendanceRequestSchema } from '../../../common/schemas/rsvpForm';
import {
  attendanceAnswerSchema,
  attendanceHistorySchema,
  guestListSchema,
  rsvpSummarySchema,
} from '../../../common/schemas/rsvps';
import { textAnswer } from '../../../common/schemas/answers';
import { guestList, guestsCsv, rsvpSummary, saveAttendance } from './hostService';
import { attendanceHistory } from './history';

const PRIVATE = 'private, no-store';

export function rsvpHostRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/chapter_event/slug/:slug/dates/:date/guests',
    {
      config: { access: 'hostAccess' },
      schema: { params: dateChangeParamsSchema, response: { 200: guestListSchema } },
    },
    async (request, reply) => {
      const { slug, date } = request.params;
      void reply.header('cache-control', PRIVATE);
      return guestList(app.db, request.user, slug, date, new Date());
    },
  );

  app.get(
    '/api/chapter_event/slug/:slug/dates/:date/guests.csv',
    {
      config: { access: 'hostAccess' },
      schema: {
        params: dateChangeParamsSchema,
        response: {
          200: textAnswer(
            'text/csv',
            'The guest list: name, email, guests, status, rsvp_at, checked_in (RFC 4180, CRLF; cells that would run as a formula start with an apostrophe)',
          ),
        },
      },
    },
    async (request, reply) => {
      const { slug, date } = request.params;
      const { csv, fileName } = await guestsCsv(app.db, request.user, slug, date, new Date());
      return reply
        .header('cache-control', PRIVATE)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );

  app.post(
    '/api/chapter_event/slug/:slug/dates/:date/attendance',
    {
      config: { access: 'hostAccess' },
      schema: {
        params: dateChangeParamsSchema,
        body: attendanceRequestSchema,
        response: { 200: attendanceAnswerSchema },
      },
    },
    (request) => {
      const { slug, date } = request.params;
      return saveAttendance(app.db, request.user, slug, date, request.body, new Date());
    },
  );

  app.get(
    '/api/chapter_event/chapter/:chapterId/rsvp_summary',
    {
      config: { access: 'hostAccess' },
      schema: {
        params: z.object({ chapterId: idParam }),
        response: { 200: rsvpSummarySchema },
      },
    },
    (request) => rsvpSummary(app.db, request.user, request.params.chapterId, new Date()),
  );

  app.get(
    '/api/chapter_event/chapter/:chapterId/attendance_history',
    {
      config: { access: 'hostAccess' },
      schema: {
        params: z.object({ chapterId: idParam }),
        response: { 200: attendanceHistorySchema },
      },
    },
    (request) => attendanceHistory(app.db, request.user, request.params.chapterId, new Date()),
  );
}
