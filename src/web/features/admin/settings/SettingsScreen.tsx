import { useQuery } from '@tanstack/react-query';
import { emailSettingsSchema, frontPageSchema } from '../../../answerSchemas';
import { apiGet } from '../../../api';
import { QueryState } from '../../../components/QueryState';
import { EmailServiceForm } from './EmailServiceForm';
import { FrontPageImage } from './FrontPageImage';
import { FrontPageLinkForm } from './FrontPageLinkForm';

export const frontPageKey = ['front_page'] as const;

/** /admin/settings (spec 2 §2): the front page call-out and the email service. */
export function SettingsScreen() {
  const frontPage = useQuery({
    queryKey: frontPageKey,
    queryFn: () => apiGet('/api/front_page', !import.meta.env?.PROD && frontPageSchema),
  });
  const email = useQuery({
    queryKey: ['email_settings'],
    queryFn: () => apiGet('/api/email_settings', !import.meta.env?.PROD && emailSettingsSchema),
  });
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title" className="h2">
        Settings
      </h1>
      <h2 className="h4 mt-3">Front Page</h2>
      <QueryState query={frontPage} what="front page settings">
        {(settings) => (
          <>
            <FrontPageLinkForm imageLinkURL={settings.imageLinkURL} />
            <FrontPageImage imageUrl={settings.imageUrl} />
          </>
        )}
      </QueryState>
      <h2 className="h4 mt-4">Email Service</h2>
      <QueryState query={email} what="email settings">
        {(settings) => <EmailServiceForm serviceName={settings.serviceName} />}
      </QueryState>
    </section>
  );
}
