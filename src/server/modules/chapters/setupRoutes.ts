// A new chapter's way to going live (issue 35, item 6): its setup checklist, read by everyone
// with host-level access to it, and Make active, for those who may set its status (policy.ts
// mayMakeChapterActive: its field organizers and admins) once the host's part is done.
// Make active saves the status as Chapter Settings does (saveRoutes.ts saveAndTell), so the
// hosts get the same one "is live" email.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import { CHAPTER_STATUS } from '../../../common/constants';
import { hostStepsLeft } from '../../../common/chapterSetup';
import { mayMakeChapterActive } from '../../../common/policy';
import { idParam } from '../../../common/schemas/chapters';
import { chapterSetupSchema } from '../../../common/schemas/chapterSetup';
import { requireChapterHostAccess } from '../../core/access';
import { HttpError } from '../../core/httpError';
import { requireSignIn } from '../../plugins/auth';
import { countedListField } from '../mailing';
import { getChapterForHosts } from './chapter';
import { saveAndTell } from './saveRoutes';
import { chapterSetupOf } from './setup';

const params = z.object({ id: idParam });

export function chapterSetupRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  /** The checklist of a chapter known to exist. */
  async function setupOf(chapterId: number) {
    const counted = await countedListField(app.db, app.config);
    return chapterSetupOf(await getChapterForHosts(app.db, chapterId, counted), counted);
  }

  app.get(
    '/api/chapter/:id/setup',
    {
      config: { access: 'hostAccess' },
      schema: { params, response: { 200: chapterSetupSchema } },
    },
    async (request, reply) => {
      const chapter = await requireChapterHostAccess(
        app.db,
        requireSignIn(request),
        request.params.id,
      );
      void reply.header('cache-control', 'private, no-store');
      return setupOf(chapter.id);
    },
  );

  app.post(
    '/api/chapter/:id/make_active',
    {
      config: { access: 'fieldOrganizerAccess' },
      schema: {
        params,
        body: z.object({}).strict().optional(),
        response: { 200: chapterSetupSchema },
      },
    },
    async (request) => {
      const user = requireSignIn(request);
      // Before the chapter is looked up: whether it exists is no business of anyone else's.
      if (!mayMakeChapterActive(user, request.params.id)) {
        throw new HttpError(
          403,
          'Only the chapter’s field organizers and site admins may make it active.',
        );
      }
      const chapter = await requireChapterHostAccess(app.db, user, request.params.id);
      const before = await setupOf(chapter.id);
      // Pressed twice, or made active in its settings meanwhile: nothing more to do.
      if (before.done.active) return before;
      if (!before.hostPartDone) {
        throw new HttpError(
          409,
          `The host's part is not done yet: ${hostStepsLeft(before.done).join(', ')}.`,
        );
      }
      await saveAndTell(root, request, user, { id: chapter.id, status: CHAPTER_STATUS.active });
      return setupOf(chapter.id);
    },
  );
}
