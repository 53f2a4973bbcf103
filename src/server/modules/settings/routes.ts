// Reading the front page call-out and the email-service setting. (Saving them is the admin
// settings screen's, spec 2 §7.)
import type { AppInstance } from '../../appInstance';
import { emailSettingsSchema, frontPageSchema } from '../../../common/schemas/settings';
import { getEmailService, getFrontPage } from './service';

export function settingsRoutes(app: AppInstance): void {
  app.get(
    '/api/front_page',
    { config: { access: 'public' }, schema: { response: { 200: frontPageSchema } } },
    () => getFrontPage(app.db),
  );

  app.get(
    '/api/email_settings',
    { config: { access: 'admin' }, schema: { response: { 200: emailSettingsSchema } } },
    async () => ({ serviceName: await getEmailService(app.db) }),
  );
}
