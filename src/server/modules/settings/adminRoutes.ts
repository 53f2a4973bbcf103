// Saving the general settings (spec 2 §2 /admin/settings, §5, §7), admins only:
// POST /api/front_page (the call-out's link), POST /api/front_page_image (multipart `image`,
// re-encoded to JPEG like header images and stored in the database) and POST /api/email_settings.
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppInstance } from '../../appInstance';
import { resultSchema } from '../../../common/schemas/permissions';
import {
  emailSettingsSaveSchema,
  emailSettingsSchema,
  frontPageSaveSchema,
  frontPageSchema,
} from '../../../common/schemas/settings';
import { requireAdmin } from '../../plugins/auth';
import { forgetAnswers } from '../../caching/answerCache';
import { changed } from '../../caching/answerKeys';
import { JPEG, toJpeg, readImageField, FRONT_PAGE_SLOT, showImage } from '../uploads';
import { getEmailService, getFrontPage, saveEmailService, saveFrontPageLink } from './service';

export function settingsAdminRoutes(root: AppInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/front_page',
    {
      config: { access: 'admin' },
      schema: { body: frontPageSaveSchema, response: { 200: frontPageSchema } },
    },
    async (request) => {
      requireAdmin(request);
      await saveFrontPageLink(app.db, request.body.imageLinkURL);
      await forgetAnswers(app, changed.frontPage());
      return getFrontPage(app.db);
    },
  );

  app.post(
    '/api/front_page_image',
    { config: { access: 'admin' }, schema: { response: { 200: resultSchema } } },
    async (request) => {
      requireAdmin(request);
      const jpeg = await toJpeg(await readImageField(request), {
        limitMs: app.config.imageDecodeMs,
      });
      const change = await showImage(app.db, FRONT_PAGE_SLOT, jpeg, JPEG);
      await forgetAnswers(app, [...changed.frontPage(), ...changed.imagesGone([change.deleted])]);
      return { result: 'success' as const };
    },
  );

  app.post(
    '/api/email_settings',
    {
      config: { access: 'admin' },
      schema: { body: emailSettingsSaveSchema, response: { 200: emailSettingsSchema } },
    },
    async (request) => {
      requireAdmin(request);
      await saveEmailService(app.db, request.body.serviceName);
      await forgetAnswers(app, changed.emailSettings());
      return { serviceName: await getEmailService(app.db) };
    },
  );
}
