import { AuthShell } from '../components/layouts/auth-shell.tsx';
import { MfaForm } from '../features/auth/mfa-form.tsx';

export default function SignInMfaPage() {
  return (
    <AuthShell heading="Two-factor authentication" subheading="Enter the 6-digit code from your authenticator app to finish signing in.">
      <MfaForm />
    </AuthShell>
  );
}
