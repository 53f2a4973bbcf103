// The feeds of many chapters (manyChapters.ts): a state's and the network's, optionally of one
// chapter type. Every subscriber gets the same feed (active chapters only), kept in the same
// cache as the chapters' feeds and forgotten by what it shows: a state's by its state and its
// chapters and events, the network's by any chapter's change.
import { z } from 'zod';
import type { AppInstance } from '../../appInstance';
import { textAnswer } from '../../../common/schemas/answers';
import { CHAPTER_TYPES } from '../../../common/constants';
import { isStateAbbr } from '../../../common/states';
import { answerShowing, type AnswerCache } from '../../caching/answerCache';
import { seenAlikeByAll, sendPublicAnswer } from '../../caching/publicAnswers';
import { HttpError } from '../../core/httpError';
import { asDownload } from './download';
import { manyChaptersCalendar, type ChaptersScope } from './manyChapters';

const typeIds = CHAPTER_TYPES.map((t) => t.id as number);

/** `?type=`: a chapter type's id, or nothing for every type. */
export const feedQuerySchema = z.object({
  type: z
    .string()
    .regex(/^\d{1,3}$/, 'Expected a chapter type id, a whole number')
    .transform(Number)
    .refine(
      (id) => typeIds.includes(id),
      `Expected one of the chapter type ids ${typeIds.join(', ')}`,
    )
    .optional(),
});

/** A state in a path: its abbreviation in either case; one not in the list is a 404. */
const stateParams = z.object({
  state: z
    .string()
    .regex(/^[A-Za-z]{2,3}$/, 'Expected a state abbreviation such as ny')
    .transform((s) => s.toUpperCase()),
});

const feedName = ({ state, typeId }: ChaptersScope) =>
  [state?.toLowerCase() ?? 'all', typeId === null ? '' : `type-${typeId}`]
    .filter(Boolean)
    .join('-');

export function manyChaptersRoutes(app: AppInstance, calendars: AnswerCache): void {
  const send = async (
    request: Parameters<typeof sendPublicAnswer>[0],
    reply: Parameters<typeof sendPublicAnswer>[1],
    scope: ChaptersScope,
  ) => {
    await sendPublicAnswer(
      request,
      reply,
      calendars,
      `many:${scope.state ?? '*'}:${scope.typeId ?? '*'}`,
      {
        build: async () => {
          const feed = await manyChaptersCalendar(app.db, scope, app.config.publicUrl, new Date());
          return answerShowing(feed.ics, feed.shows);
        },
        // Active chapters only, whoever asks.
        fitsCaller: seenAlikeByAll,
        ...asDownload(feedName(scope)),
      },
    );
  };

  app.get(
    '/api/chapter_calendar/state/:state/events.ics',
    {
      config: { access: 'public' },
      schema: {
        params: stateParams,
        querystring: feedQuerySchema,
        response: {
          200: textAnswer('text/calendar', "The active chapters' events of a state as iCalendar"),
        },
      },
    },
    async (request, reply) => {
      const { state } = request.params;
      if (!isStateAbbr(state)) throw new HttpError(404, `No state ${state} in the directory.`);
      await send(request, reply, { state, typeId: request.query.type ?? null });
      return reply;
    },
  );

  app.get(
    '/api/chapter_calendar/all/events.ics',
    {
      config: { access: 'public' },
      schema: {
        querystring: feedQuerySchema,
        response: {
          200: textAnswer('text/calendar', "Every active chapter's events as iCalendar"),
        },
      },
    },
    async (request, reply) => {
      await send(request, reply, { state: null, typeId: request.query.type ?? null });
      return reply;
    },
  );
}
