import { useMemo } from 'react';
import { Link } from 'react-router';
import type { ExternalProvider } from '@plinth/api-contract';
import { SecretField } from '../../components/ui/secret-field.tsx';
import { ConfigFormPanel } from './config-form-panel.tsx';
import { NumberField, SecretInput, SwitchField, TextField } from './fields.tsx';
import { anonymousSpec, emailSpec, oauthSpec, providerInfo } from './provider-specs.ts';
import type { SectionProps } from './section-props.ts';
import { useConfigForm } from './use-config-form.ts';

export function EmailProviderForm({ projectRef, config, canUpdate }: SectionProps) {
  const form = useConfigForm(projectRef, config, emailSpec, 'Successfully updated the email provider');
  const { draft, set } = form;
  const disabled = !canUpdate;
  return (
    <ConfigFormPanel form={form} canUpdate={canUpdate} label="Email provider" testId="email-provider-form" isBare>
      <SwitchField label="Enable Email provider" description="This will enable Email based signup and login for your application." checked={draft.isEnabled} onChange={(v) => set('isEnabled', v)} disabled={disabled} testId="email-enabled-switch" />
      <SwitchField
        label="Confirm email"
        description={
          <>
            Users will need to confirm their email address before signing in for the first time. Without an SMTP server the
            message lands in the <Link to={`/project/${projectRef}/auth/inbox`} className="text-brand hover:underline">Mail Inbox</Link>.
          </>
        }
        checked={draft.confirmEmail}
        onChange={(v) => set('confirmEmail', v)}
        disabled={disabled}
        testId="confirm-email-switch"
      />
      <SwitchField
        label="Secure email change"
        description="Users will be required to confirm any email change on both the old email address and the new email address. If disabled, only the new email is required to confirm."
        checked={draft.secureEmailChange}
        onChange={(v) => set('secureEmailChange', v)}
        disabled={disabled}
        testId="secure-email-change-switch"
      />
      <NumberField label="Email OTP Expiration" suffix="seconds" description="Duration before an email OTP or link expires. At most 86400 (one day)." value={draft.otpExp} onChange={(v) => set('otpExp', v)} error={form.errorOf('otpExp')} disabled={disabled} testId="email-otp-exp-input" />
      <NumberField label="Email OTP Length" suffix="digits" description="Number of digits in the email OTP, from 6 to 10." value={draft.otpLength} onChange={(v) => set('otpLength', v)} error={form.errorOf('otpLength')} disabled={disabled} testId="email-otp-length-input" />
    </ConfigFormPanel>
  );
}

export function AnonymousProviderForm({ projectRef, config, canUpdate }: SectionProps) {
  const form = useConfigForm(projectRef, config, anonymousSpec, 'Successfully updated anonymous sign-ins');
  return (
    <ConfigFormPanel form={form} canUpdate={canUpdate} label="Anonymous sign-ins" testId="anonymous-provider-form" isBare>
      <SwitchField
        label="Allow anonymous sign-ins"
        description={
          <>
            Enable anonymous sign-ins for your project: signInAnonymously() creates a user with no email or phone, who can
            link one later to keep their data. Anonymous users use the authenticated role, so check your policies with the
            is_anonymous claim. Their creation is limited per hour in{' '}
            <Link to={`/project/${projectRef}/auth/rate-limits`} className="text-brand hover:underline">Rate Limits</Link>.
          </>
        }
        checked={form.draft.isEnabled}
        onChange={(v) => form.set('isEnabled', v)}
        disabled={!canUpdate}
        testId="anonymous-enabled-switch"
      />
    </ConfigFormPanel>
  );
}

/** The address to register as the redirect (callback) URL in the provider's console. */
export function CallbackUrl({ value }: { value: string }) {
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium text-fg">Callback URL (for OAuth)</p>
      <SecretField label="Callback URL (for OAuth)" value={value} testId="callback-url" />
      <p className="text-xs text-fg-subtle">Register this callback URL when using Sign in with the provider, in the provider's developer console.</p>
    </div>
  );
}

export function OAuthProviderForm({ provider, projectRef, config, canUpdate }: SectionProps & { provider: ExternalProvider }) {
  const spec = useMemo(() => oauthSpec(provider), [provider]);
  const form = useConfigForm(projectRef, config, spec, `Successfully updated ${providerInfo(provider).label}`);
  const { draft, set } = form;
  const info = providerInfo(provider);
  const disabled = !canUpdate;
  const testId = `provider-${provider}`;
  return (
    <ConfigFormPanel form={form} canUpdate={canUpdate} label={`${info.label} provider`} testId={`${testId}-form`} isBare>
      <SwitchField label={`Enable Sign in with ${info.label}`} checked={draft.isEnabled} onChange={(v) => set('isEnabled', v)} disabled={disabled} testId={`${testId}-enabled`} />
      <TextField label="Client ID" value={draft.clientId} onChange={(v) => set('clientId', v)} error={form.errorOf('clientId')} disabled={disabled} testId={`${testId}-client-id`} />
      <SecretInput label="Client Secret" isSet={config.secrets_set[`external_${provider}_secret`] ?? false} value={draft.secret} onChange={(v) => set('secret', v)} error={form.errorOf('secret')} disabled={disabled} testId={`${testId}-secret`} />
      {info.url && (
        <TextField label={info.url.label} type="url" placeholder={info.url.placeholder} description={info.url.description} value={draft.url} onChange={(v) => set('url', v)} error={form.errorOf('url')} disabled={disabled} testId={`${testId}-url`} />
      )}
      <CallbackUrl value={config.external_callback_url} />
    </ConfigFormPanel>
  );
}
