import { ConfigFormPanel } from './config-form-panel.tsx';
import { NumberField, SelectField, SwitchField } from './fields.tsx';
import { requiredCharacterOptions } from './password-characters.ts';
import type { SectionProps } from './section-props.ts';
import { passwordSpec, signupsSpec } from './settings-specs.ts';
import { useConfigForm } from './use-config-form.ts';

/** Whether anyone may create an account on the project (existing users still sign in). */
export function SignupsForm({ projectRef, config, canUpdate }: SectionProps) {
  const form = useConfigForm(projectRef, config, signupsSpec, 'Successfully updated sign-up settings');
  return (
    <ConfigFormPanel form={form} canUpdate={canUpdate} label="User signups" testId="signups-form" title="User Signups">
      <SwitchField
        label="Allow new users to sign up"
        description="If this is disabled, new users will not be able to sign up to your application. Existing users can still sign in, and you can still invite users."
        checked={form.draft.allowSignups}
        onChange={(v) => form.set('allowSignups', v)}
        disabled={!canUpdate}
        testId="allow-signups-switch"
      />
      <SwitchField
        label="Allow manual linking"
        description="Signed-in users may link further sign-in identities (linkIdentity) to their account. Off, linking answers 'Manual linking is disabled'."
        checked={form.draft.allowManualLinking}
        onChange={(v) => form.set('allowManualLinking', v)}
        disabled={!canUpdate}
        testId="allow-manual-linking-switch"
      />
    </ConfigFormPanel>
  );
}

/** The rules a new password must meet (GoTrue's `weak_password` refuses the others). */
export function PasswordPolicyForm({ projectRef, config, canUpdate }: SectionProps) {
  const form = useConfigForm(projectRef, config, passwordSpec, 'Successfully updated password settings');
  const { draft, set } = form;
  const disabled = !canUpdate;
  return (
    <ConfigFormPanel form={form} canUpdate={canUpdate} label="Password policy" testId="password-policy-form" title="Passwords" description="What a password must be made of when users sign up or change it.">
      <NumberField
        label="Minimum password length"
        suffix="characters"
        description="Passwords shorter than this are refused. At least 8 is recommended."
        value={draft.minLength}
        onChange={(v) => set('minLength', v)}
        error={form.errorOf('minLength')}
        disabled={disabled}
        testId="password-min-length-input"
      />
      <SelectField
        label="Password requirements"
        description="Passwords that do not have at least one of each will be rejected as weak."
        value={draft.requiredCharacters}
        onChange={(v) => set('requiredCharacters', v)}
        options={requiredCharacterOptions(draft.requiredCharacters)}
        disabled={disabled}
        testId="password-requirements-select"
      />
      <SwitchField
        label="Secure password change"
        description="Users must have signed in recently, or confirm with a code sent by email (reauthentication), before changing their password."
        checked={draft.requireReauthentication}
        onChange={(v) => set('requireReauthentication', v)}
        disabled={disabled}
        testId="secure-password-change-switch"
      />
    </ConfigFormPanel>
  );
}
