import { AuthConfigGate } from './auth-config-gate.tsx';
import { HooksForm } from './hooks-form.tsx';
import { PasswordPolicyForm, SignupsForm } from './password-policy-form.tsx';
import { SamlForm } from './saml-form.tsx';
import { SessionsForm } from './sessions-form.tsx';
import { SmtpForm } from './smtp-form.tsx';

/** Settings > Authentication: each section saves on its own. */
export function AuthSettingsView({ projectRef }: { projectRef: string }) {
  return (
    <AuthConfigGate projectRef={projectRef}>
      {(config, canUpdate) => {
        const props = { projectRef, config, canUpdate };
        return (
          <>
            <SignupsForm {...props} />
            <SmtpForm {...props} />
            <SessionsForm {...props} />
            <PasswordPolicyForm {...props} />
            <HooksForm {...props} />
            <SamlForm {...props} />
          </>
        );
      }}
    </AuthConfigGate>
  );
}
