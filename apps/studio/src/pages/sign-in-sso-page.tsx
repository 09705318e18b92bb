import { AuthShell } from '../components/layouts/auth-shell.tsx';
import { SsoSignInForm } from '../features/auth/sso-sign-in-form.tsx';

export default function SignInSsoPage() {
  return (
    <AuthShell heading="Continue with SSO" subheading="Sign in through your organization's identity provider">
      <SsoSignInForm />
    </AuthShell>
  );
}
