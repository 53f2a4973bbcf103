import { z } from 'zod';
import type { AppInstance } from '../../appInstance';
import { pingDatabase } from '../../db/client';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.boolean() });
const readySchema = z.object({ status: z.enum(['ready', 'draining']) });

export function healthRoutes(app: AppInstance): void {
  // Liveness: is this process working at all (and can it reach its database)?
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

  // Readiness: should a balancer send this server work? 503 from the moment it was told to stop
  // (plugins/drain.ts), while it still answers what reaches it; /api/health stays 200 then, so a
  // supervisor does not take a draining server for a dead one.
  app.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: { response: { 200: readySchema, 503: readySchema } },
    },
    async (_request, reply) => {
      const draining = app.drain.draining;
      return reply
        .code(draining ? 503 : 200)
        .header('cache-control', 'no-store')
        .send({ status: draining ? 'draining' : 'ready' });
    },
  );
}
