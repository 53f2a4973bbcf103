// "I'm going" (issue 33), the public calls: RSVP to one date, its counts, and the RSVP's own
// page behind the token its mails carry. Changes that move anyone's place forget the date's
// counts on every server (an RSVP's own within a moment: answerNotices.ts GATHER_MS); other
// answers' counts are as old as the public cache's TTL at most.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import { dateChangeParamsSchema } from '../../../common/schemas/eventDates';
import { guestsChangeSchema, rsvpRequestSchema } from '../../../common/schemas/rsvpForm';
import { idParam } from '../../../common/schemas/chapters';
import { requireSignIn } from '../../plugins/auth';
import { cancelMine, myRsvps } from './mine';
import { changeMyGuests } from './guestsChange';
import {
  myRsvpsSchema,
  rsvpAnswerSchema,
  rsvpCountsSchema,
  rsvpPageSchema,
  type RsvpCounts,
} from '../../../common/schemas/rsvps';
import {
  answerShowing,
  appAnswerCache,
  forgetAnswers,
  forgetAnswersSoon,
} from '../../caching/answerCache';
import { changed, shows } from '../../caching/answerKeys';
import { seenAlikeByAll, sendPublicAnswer } from '../../caching/publicAnswers';
import { dateCounts } from '../../core/rsvpCounts';
import { clientAddress } from '../auth';
import { signUpAndTell } from '../mailing';
import { eventDate } from './dates';
import { makeRsvp } from './service';
import { cancelRsvp, confirmRsvp, rsvpPage } from './tokenService';
import type { Teller } from './tell';

const tokenParams = z.object({ token: z.string().max(200) });

export function rsvpRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const counts = appAnswerCache(app, rsvpCountsSchema, app.config.publicCacheMs);
  const teller = (log: Teller['log']): Teller => ({
    db: app.db,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    log,
  });

  app.post(
    '/api/chapter_event/slug/:slug/dates/:date/rsvp',
    {
      config: { access: 'public' },
      schema: {
        params: dateChangeParamsSchema,
        body: rsvpRequestSchema,
        response: { 200: rsvpAnswerSchema },
      },
    },
    async (request) => {
      const { slug, date } = request.params;
      const made = await makeRsvp(
        teller(request.log),
        request.user,
        { slug, date },
        request.body,
        new Date(),
        // Per client address, as the list sign-ups, before anything is written.
        { key: `rsvp:ip:${clientAddress(request.ip)}`, limit: app.config.authRateLimit },
      );
      // Many a second at a busy date: the other servers hear of them together, a moment later;
      // the answer carries the counts the RSVP left, so its sender sees them at once.
      if (made.countsChanged) forgetAnswersSoon(app, changed.rsvps(slug));
      if (made.joinList) {
        await signUpAndTell(root, request, {
          email: made.joinList,
          chapterId: made.occasion.chapter.id,
        });
      }
      return made.answer;
    },
  );

  app.get(
    '/api/chapter_event/slug/:slug/dates/:date/rsvp',
    {
      config: { access: 'public' },
      schema: { params: dateChangeParamsSchema, response: { 200: rsvpCountsSchema } },
    },
    async (request, reply) => {
      const { slug, date } = request.params;
      await sendPublicAnswer(request, reply, counts, `${slug}/${date}`, {
        build: async (user) => {
          const { event, scheduled } = await eventDate(app.db, user, slug, date, new Date());
          const { going, waitlisted } = await dateCounts(app.db, event.id, scheduled.date);
          const answer: RsvpCounts = { going, waitlisted, capacity: event.capacity };
          return answerShowing(answer, shows.rsvpCounts(slug, event.chapterId));
        },
        fitsCaller: seenAlikeByAll,
      });
      return reply;
    },
  );

  app.get(
    '/api/rsvp/:token',
    {
      config: { access: 'public' },
      schema: { params: tokenParams, response: { 200: rsvpPageSchema } },
    },
    (request) => rsvpPage(app.db, request.params.token, new Date()),
  );

  app.get(
    '/api/my/rsvps',
    {
      config: { access: 'signedIn' },
      schema: { response: { 200: myRsvpsSchema } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return myRsvps(app.db, requireSignIn(request), new Date());
    },
  );

  app.post(
    '/api/my/rsvps/:id/cancel',
    {
      config: { access: 'signedIn' },
      schema: {
        params: z.object({ id: idParam }),
        body: z.object({}).optional(),
        response: { 200: rsvpPageSchema },
      },
    },
    async (request) => {
      const user = requireSignIn(request);
      const done = await cancelMine(teller(request.log), user, request.params.id, new Date());
      if (done.countsChanged) await forgetAnswers(app, changed.rsvps(done.page.event.slug));
      return done.page;
    },
  );

  app.post(
    '/api/my/rsvps/:id/guests',
    {
      config: { access: 'signedIn' },
      schema: {
        params: z.object({ id: idParam }),
        body: guestsChangeSchema,
        response: { 200: rsvpPageSchema },
      },
    },
    async (request) => {
      const user = requireSignIn(request);
      const { id } = request.params;
      const done = await changeMyGuests(
        teller(request.log),
        user,
        id,
        request.body.guests,
        new Date(),
      );
      if (done.countsChanged) await forgetAnswers(app, changed.rsvps(done.page.event.slug));
      return done.page;
    },
  );

  // POSTs, called by the page the link opens: a mail scanner fetching the link changes nothing.
  for (const [action, run] of [
    ['confirm', confirmRsvp],
    ['cancel', cancelRsvp],
  ] as const) {
    app.post(
      `/api/rsvp/:token/${action}`,
      {
        config: { access: 'public' },
        schema: {
          params: tokenParams,
          body: z.object({}).optional(),
          response: { 200: rsvpPageSchema },
        },
      },
      async (request) => {
        const done = await run(teller(request.log), request.params.token, new Date());
        if (done.countsChanged) await forgetAnswers(app, changed.rsvps(done.page.event.slug));
        return done.page;
      },
    );
  }
}
