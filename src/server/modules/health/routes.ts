import { z } from 'zod';
import type { AppInstance } from '../../appInstance';
import { pingDatabase } from '../../db/client';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.boolean() });

export function healthRoutes(app: AppInstance): void {
  app.get(
    '/api/health',
    {
      // Load balancers call it without a session.
      config: { access: 'public' },
      schema: { response: { 200: healthSchema, 503: healthSchema } },
    },
    async (_request, reply) => {
      const database = await pingDatabase(app.db);
      return reply
        .code(database ? 200 : 503)
        .send({ status: database ? 'ok' : 'unavailable', database });
    },
  );
}
