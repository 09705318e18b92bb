import { Navigate, useSearchParams } from 'react-router';
import { AuthShell } from '../components/layouts/auth-shell.tsx';
import { SignUpForm } from '../features/auth/sign-up-form.tsx';
import { useSessionQuery } from '../data/auth/session-query.ts';
import { safeReturnTo } from '../lib/return-to.ts';

export default function SignUpPage() {
  const [params] = useSearchParams();
  const session = useSessionQuery();
  if (session.data) return <Navigate to={safeReturnTo(params.get('returnTo'))} replace />;
  return (
    <AuthShell heading="Get started" subheading="Create a new account">
      <SignUpForm />
    </AuthShell>
  );
}
