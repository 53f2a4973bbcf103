// What other sites take from the network (issue 36): the events widget's list (JSON, CORS),
// the frames that show the same list for sites that allow no script, and the frames' style.
// Every answer is the same for everyone (active chapters only, no cookie read), kept ready in
// the answer cache and forgotten with the chapters and events it shows, as the pages are.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import { textAnswer } from '../../../common/schemas/answers';
import {
  embedEventsSchema,
  embedQuerySchema,
  embedStateSchema,
  type EmbedQuery,
} from '../../../common/schemas/embed';
import { EMBED_CSS } from '../../../common/embedMarkup';
import { answerShowing, appAnswerCache, onAnswersForgotten } from '../../caching/answerCache';
import { textAnswers } from '../../caching/answerFormats';
import { seenAlikeByAll, sendPublicAnswer } from '../../caching/publicAnswers';
import { embedEvents, type NextDates } from './service';
import { createDatesMemo } from './nextDatesMemo';
import { frameHtml, themeSchema } from './frames';
import { oembedFor, oembedQuerySchema, oembedSchema } from './oembed';
import { mapFrame, mapQuerySchema, type StatePins } from './mapFrame';

/** Read by other sites' pages and frames: anyone's page may ask, and browsers may keep it. */
const CROSS_ORIGIN = {
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
};

/** A cache key of a query, its fields in one order whatever order the URL gave them. */
const queryKey = (q: EmbedQuery) =>
  [q.chapter ?? '', q.state ?? '', q.type ?? '', q.limit ?? ''].join('|');

/** What a frame's page adds to the list's look: no margin, and a heading for screen readers. */
const FRAME_CSS = `
body { margin: 0; background: transparent; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

export function embedRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const lists = appAnswerCache(app, embedEventsSchema, app.config.publicCacheMs);
  const frames = appAnswerCache(
    app,
    textAnswers('text/html; charset=utf-8'),
    app.config.publicCacheMs,
  );
  // The scopes' next dates outlive the answers' TTL: they change with a chapter or an event,
  // forgotten as the answers are, or as time passes them (nextDatesMemo.ts).
  const nextDates = createDatesMemo<NextDates>();
  onAnswersForgotten(app, nextDates);
  // A state's map pins likewise (mapFrame.ts).
  const statePins = createDatesMemo<StatePins>();
  onAnswersForgotten(app, statePins);
  const load = (q: EmbedQuery) =>
    embedEvents(app.db, q, app.config.publicUrl, new Date(), nextDates);

  app.get(
    '/api/embed/events',
    {
      config: { access: 'public' },
      schema: {
        description:
          "The next meetings of a chapter, a state, a chapter type or the network, for other sites' widgets (active chapters only; CORS open)",
        querystring: embedQuerySchema,
        response: { 200: embedEventsSchema },
      },
    },
    async (request, reply) => {
      await sendPublicAnswer(request, reply, lists, queryKey(request.query), {
        async build() {
          const { shows, ...answer } = await load(request.query);
          return answerShowing(answer, shows);
        },
        fitsCaller: seenAlikeByAll,
        headers: CROSS_ORIGIN,
        cacheControl: 'public, max-age=0, must-revalidate',
      });
      return reply;
    },
  );

  /** A frame of the list `q` selects, drawn on the server. */
  const frameRoute = <P extends z.ZodType>(
    path: string,
    description: string,
    params: P,
    scope: (params: z.infer<P>) => EmbedQuery,
  ) =>
    app.get(
      path,
      {
        config: { access: 'public' },
        schema: {
          description,
          params,
          querystring: embedQuerySchema
            .pick({ limit: true, type: true })
            .extend({ theme: themeSchema }),
          response: { 200: textAnswer('text/html', 'A page made to be framed by other sites') },
        },
      },
      async (request, reply) => {
        const { theme, ...rest } = request.query as {
          theme?: 'light' | 'dark' | 'auto';
        } & EmbedQuery;
        const q = { ...rest, ...scope(request.params as z.infer<P>) };
        await sendPublicAnswer(request, reply, frames, `${path}|${queryKey(q)}|${theme ?? ''}`, {
          async build() {
            const { shows, ...answer } = await load(q);
            return answerShowing(frameHtml(answer, theme ?? 'light'), shows);
          },
          fitsCaller: seenAlikeByAll,
          headers: CROSS_ORIGIN,
        });
        return reply;
      },
    );

  frameRoute(
    '/embed/chapter/:slug',
    "A chapter's next meetings, made to be framed",
    z.object({ slug: embedQuerySchema.shape.chapter.unwrap() }),
    ({ slug }) => ({ chapter: slug }),
  );
  frameRoute(
    '/embed/state/:state',
    "A state's next meetings, made to be framed",
    z.object({ state: embedStateSchema }),
    ({ state }) => ({ state }),
  );

  app.get(
    '/embed/map',
    {
      config: { access: 'public' },
      schema: {
        description:
          "The active chapters' map, of a state and/or a chapter type, made to be framed",
        querystring: mapQuerySchema,
        response: { 200: textAnswer('text/html', 'A page made to be framed by other sites') },
      },
    },
    async (request, reply) => {
      const q = request.query;
      await sendPublicAnswer(request, reply, frames, `map|${q.state ?? ''}|${q.type ?? ''}`, {
        async build() {
          const frame = await mapFrame(
            app.db,
            q,
            { publicUrl: app.config.publicUrl, ...app.config.map },
            new Date(),
            statePins,
          );
          return answerShowing(frame.html, frame.shows);
        },
        fitsCaller: seenAlikeByAll,
      });
      return reply;
    },
  );

  app.get(
    '/api/oembed',
    {
      config: { access: 'public' },
      schema: {
        description:
          "oEmbed: a chapter's, an event's or a state's page as a rich embed (the frame of its list)",
        querystring: oembedQuerySchema,
        response: { 200: oembedSchema },
      },
    },
    async (request, reply) => {
      const answer = await oembedFor(app.db, request.query, app.config.publicUrl);
      return reply
        .headers({ ...CROSS_ORIGIN, 'cache-control': 'public, max-age=3600' })
        .send(answer);
    },
  );

  // The frames' style, a file of its own: the site's CSP takes no inline <style>.
  app.get(
    '/embed/frame.css',
    { config: { access: 'public' }, schema: { hide: true } },
    (_request, reply) =>
      reply
        .type('text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(`${EMBED_CSS}${FRAME_CSS}`),
  );
}
