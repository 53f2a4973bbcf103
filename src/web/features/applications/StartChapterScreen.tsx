import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import { Link, useLocation } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner';
import { RegisterForm } from '../../components/account/RegisterForm';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import type { HostApplication } from '../../../common/schemas/applications';
import { applicationPrefill } from '../../../common/schemas/applicationForm';
import { ApplicationForm } from './ApplicationForm';
import { NextSteps } from './NextSteps';

/** Spec 1 §2: registration first when signed out, then the application, then the thanks. */
export function StartChapterScreen() {
  const { user, isChecking } = useCurrentUser();
  const [sent, setSent] = useState<HostApplication | null>(null);
  const { search } = useLocation();
  // Signing in or registering first comes back here with the place still filled in.
  const signIn = `/signin?returnUrl=${encodeURIComponent(`/start_chapter${search}`)}`;
  if (isChecking) return <PageSpinner />;
  return (
    <div className="row justify-content-center">
      <div className="col-md-9 col-lg-7">
        <h1>Apply to start a chapter</h1>
        {sent ? (
          <>
            <p className="lead">Great! We&apos;ll be in touch soon!</p>
            <NextSteps application={sent} />
            <p>
              <Link to={`/my_chapter_host_applications/${sent.slug}`}>View your application</Link>{' '}
              to follow each step as it is done.
            </p>
          </>
        ) : user ? (
          <ApplicationForm
            onSent={setSent}
            prefill={applicationPrefill(new URLSearchParams(search))}
          />
        ) : (
          <Card body>
            <h2 className="h4">First, create your account</h2>
            <p>
              Already have one? <Link to={signIn}>Sign in</Link>.
            </p>
            <RegisterForm onRegistered={() => {}} signInHref={signIn} />
          </Card>
        )}
      </div>
    </div>
  );
}
