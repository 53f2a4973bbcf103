// Applying to start a chapter, and the applicant's own applications (spec 1 §2, §7).
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import {
  hostApplicationSaveSchema,
  hostApplicationSchema,
} from '../../../common/schemas/applications';
import { isAdmin } from '../../../common/policy';
import { slugParamsSchema } from '../../../common/schemas/content';
import { requireSignIn } from '../../plugins/auth';
import { createApplication, getApplicationBySlug, listMyApplications } from './service';
import { updateApplication } from './admin';
import { tellApplied } from './mails';

export function applicationRoutes(root: AppInstance): void {
  // AppInstance does not carry the zod type provider; this gives handlers typed params and bodies.
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/chapter_host_application',
    {
      config: { access: 'signedIn' },
      schema: {
        body: hostApplicationSaveSchema,
        response: { 200: hostApplicationSchema },
      },
    },
    // An admin posting an application with its slug saves that application (admin.ts); anything
    // else is a new application of the caller, of which only city, state, type and reason count.
    async (request) => {
      const user = requireSignIn(request);
      const {
        slug,
        status,
        isArchived,
        didHavePhoneCall,
        didSignAgreement,
        didGiveAdditionalInfo,
      } = request.body;
      if (slug !== undefined && isAdmin(user)) {
        return updateApplication(app.db, slug, {
          status,
          isArchived,
          didHavePhoneCall,
          didSignAgreement,
          didGiveAdditionalInfo,
        });
      }
      const { city, state, type, reason } = request.body;
      const application = await createApplication(app.db, user, { city, state, type, reason });
      await tellApplied(
        { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl, log: request.log },
        application,
      );
      return application;
    },
  );

  app.get(
    '/api/chapter_host_application/my',
    {
      config: { access: 'signedIn' },
      schema: { response: { 200: z.array(hostApplicationSchema) } },
    },
    (request) => listMyApplications(app.db, requireSignIn(request)),
  );

  // The applicant's own, or any for an admin; 404 for anyone else's.
  app.get(
    '/api/chapter_host_application/slug/:slug',
    {
      config: { access: 'signedIn' },
      schema: { params: slugParamsSchema, response: { 200: hostApplicationSchema } },
    },
    (request) => getApplicationBySlug(app.db, requireSignIn(request), request.params.slug),
  );
}
