// The front page's call-out link and the email service setting. The service comes over as it
// is: a network on Brevo (sendInBlue) keeps reading and mailing the same lists.
import { saveEmailService, saveFrontPageLink } from '../../modules/settings';
import { importEntity, type ImportContext } from './context';
import { legacyEmailSettingsSchema, legacyFrontPageSchema } from './schemas';
import { checkAsSaved, frontPageSaveRules, unlessBlank } from './saveRules';

const KIND = 'setting';

export async function importSettings(ctx: ImportContext): Promise<void> {
  ctx.reporter.phase([KIND]);
  const frontPage = await ctx.client.get('/api/front_page', legacyFrontPageSchema);
  const email = await ctx.client.get('/api/email_settings', legacyEmailSettingsSchema);
  ctx.reporter.read(KIND, 2);
  // Settings rows have no id: 0 stands for "the one setting".
  await importEntity(ctx, KIND, 'frontPage', frontPage, async (tx) => {
    // A link the admin's save refuses (a `javascript:` one) leaves the front page's link here;
    // none at all is what the original had, and comes over as none.
    checkAsSaved(frontPageSaveRules.partial(), {
      imageLinkURL: unlessBlank(frontPage.imageLinkURL),
    });
    await saveFrontPageLink(tx, frontPage.imageLinkURL);
    return 0;
  });
  await importEntity(ctx, KIND, 'emailService', email, async (tx) => {
    await saveEmailService(tx, email.serviceName);
    return 0;
  });
}
