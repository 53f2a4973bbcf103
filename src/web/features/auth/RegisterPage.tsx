import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AuthCard } from './AuthCard';
import { RegisterForm } from '../../components/account/RegisterForm';
import { returnUrlFrom } from './returnUrl';

/** Spec 1 §2 Register: the form, then a welcome with Let's Get Started to the returnUrl. */
export function RegisterPage() {
  const { search } = useLocation();
  const [welcomeName, setWelcomeName] = useState<string | null>(null);
  if (welcomeName !== null) {
    return (
      <AuthCard title={`Welcome, ${welcomeName}!`}>
        <p>Your account is ready and you are signed in.</p>
        <Link to={returnUrlFrom(search)} className="btn btn-primary">
          Let&apos;s Get Started
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Register">
      <RegisterForm
        onRegistered={(user) => setWelcomeName(user.name)}
        signInHref={`/signin${search}`}
      />
    </AuthCard>
  );
}
