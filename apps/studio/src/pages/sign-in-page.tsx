import { Navigate, useSearchParams } from 'react-router';
import { AuthShell } from '../components/layouts/auth-shell.tsx';
import { SignInForm } from '../features/auth/sign-in-form.tsx';
import { useSessionQuery } from '../data/auth/session-query.ts';
import { safeReturnTo } from '../lib/return-to.ts';

export default function SignInPage() {
  const [params] = useSearchParams();
  const session = useSessionQuery();
  // Already signed in (e.g. a second tab): go straight on.
  if (session.data) return <Navigate to={safeReturnTo(params.get('returnTo'))} replace />;
  return (
    <AuthShell heading="Welcome back" subheading="Sign in to your account">
      <SignInForm />
    </AuthShell>
  );
}
