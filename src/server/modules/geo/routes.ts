import { z } from 'zod';
import type { AppInstance } from '../../appInstance';
import { postalCodeAnswerSchema } from '../../../common/schemas/chapterCreate';
import { HttpError } from '../../core/httpError';
import { requireAdmin } from '../../plugins/auth';
import { geocode, postalCodeOf } from './gazetteer';
import { chapterPlaces } from './chapterPlaces';
import { stateOutline } from './outlines';

const placeSchema = z.object({ lat: z.number(), lng: z.number(), label: z.string() });

export function geoRoutes(app: AppInstance): void {
  app.get(
    '/api/geocode',
    {
      config: { access: 'public' },
      schema: {
        querystring: z.object({ q: z.string().trim().min(1).max(200) }),
        response: { 200: placeSchema },
      },
    },
    async (request) => {
      const place = geocode(request.query.q, await chapterPlaces(app.db));
      if (!place) throw new HttpError(404, `No place found for "${request.query.q}".`);
      return place;
    },
  );

  // The Add Chapter form offers it for a chapter made from an application, which never asked
  // for a postal code (issue 21).
  app.get(
    '/api/geocode/postal_code',
    {
      config: { access: 'admin' },
      schema: {
        querystring: z.object({
          city: z.string().trim().min(1).max(200),
          state: z.string().trim().min(2).max(40),
        }),
        response: { 200: postalCodeAnswerSchema },
      },
    },
    (request) => {
      requireAdmin(request);
      const { city, state } = request.query;
      const found = postalCodeOf(city, state);
      if (!found) throw new HttpError(404, `No postal code found for ${city}, ${state}.`);
      return found;
    },
  );

  app.get(
    '/assets/geo/:file',
    { config: { access: 'public' }, schema: { params: z.object({ file: z.string().max(40) }) } },
    (request, reply) => {
      const abbr = /^([A-Za-z]{2})\.geo\.json$/.exec(request.params.file)?.[1];
      const outline = abbr ? stateOutline(abbr) : undefined;
      if (!outline) throw new HttpError(404, `No outline named ${request.params.file}.`);
      return reply
        .type('application/geo+json')
        .header('cache-control', 'public, max-age=86400')
        .send(outline);
    },
  );
}
