// The Brevo tab's "Move the lists home" button (issue 24), admins only: POST starts a run of the
// list move as a job and answers 202 with it (409 while one runs anywhere on the network, or
// without Brevo configured); GET answers the latest run's progress, which the screen polls.
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppInstance } from '../../appInstance';
import { BREVO_MOVE_TEXT, brevoMoveStateSchema } from '../../../common/schemas/brevoMove';
import { requireAdmin } from '../../plugins/auth';
import { HttpError } from '../../core/httpError';
import { forgetAnswers } from '../../caching/answerCache';
import { EVERY_ANSWER } from '../../caching/answerKeys';
import { brevoClient } from '../../mail/lists/brevoClient';
import { brevoSettings } from '../../mail/lists/factory';
import { latestRun, MoveAlreadyRunning, startRun } from './brevoMoveRuns';

const PATH = '/api/admin/email/brevo_move';

export function brevoMoveRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const settings = brevoSettings(app.config);
  const brevo = settings ? brevoClient(settings) : null;
  const admin = { access: 'admin' } as const;

  app.get(
    PATH,
    { config: admin, schema: { response: { 200: brevoMoveStateSchema } } },
    async (request) => {
      requireAdmin(request);
      return { brevoConfigured: brevo !== null, run: await latestRun(app.db) };
    },
  );

  app.post(
    PATH,
    {
      config: admin,
      schema: { body: z.object({}).nullish(), response: { 202: brevoMoveStateSchema } },
    },
    async (request, reply) => {
      const user = requireAdmin(request);
      if (!brevo) throw new HttpError(409, BREVO_MOVE_TEXT.notConfigured);
      try {
        const run = await startRun(app.db, brevo, { userId: user.id, origin: 'button' });
        // Chapters may have a new brontoListId: every server forgets what it kept.
        void run.done.then(() => forgetAnswers(app, [EVERY_ANSWER]).catch(() => {}));
      } catch (err) {
        if (err instanceof MoveAlreadyRunning) throw new HttpError(409, err.message);
        throw err;
      }
      return reply.code(202).send({ brevoConfigured: true, run: await latestRun(app.db) });
    },
  );
}
