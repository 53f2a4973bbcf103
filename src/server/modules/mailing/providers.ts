// The mailing-list provider as the routes use it: mail/lists/factory.ts picks Brevo or the
// built-in lists on every call, reading the email-service setting the way this hands it over.
import type { Config } from '../../config';
import { brevoSettings, type BrevoChoice } from '../../mail/lists/factory';
import { getEmailService } from '../settings';

/** Brevo, when BREVO_API_KEY is set, for the calls the email-service setting sends to it. */
export function brevoChoice(config: Config): BrevoChoice | null {
  const settings = brevoSettings(config);
  return settings ? { settings, emailService: getEmailService } : null;
}
