import { Link } from 'react-router';
import { ConfigFormPanel } from './config-form-panel.tsx';
import { NumberField, SecretInput, SwitchField, TextField } from './fields.tsx';
import type { SectionProps } from './section-props.ts';
import { smtpSpec } from './settings-specs.ts';
import { useConfigForm } from './use-config-form.ts';

/** Custom SMTP: the server the project's auth emails go out through, or the built-in mail catcher. */
export function SmtpForm({ projectRef, config, canUpdate }: SectionProps) {
  const form = useConfigForm(projectRef, config, smtpSpec, 'Successfully updated SMTP settings');
  const { draft, set } = form;
  const isPasswordSet = config.secrets_set.smtp_pass ?? false;
  const disabled = !canUpdate;

  return (
    <ConfigFormPanel
      form={form}
      canUpdate={canUpdate}
      label="SMTP settings"
      testId="smtp-form"
      title="SMTP Settings"
      description="Send the project's auth emails (confirmations, magic links, password resets, invitations) through your own mail server."
    >
      <SwitchField
        label="Enable Custom SMTP"
        description="Emails are sent through the server below, from the sender you choose."
        checked={draft.isEnabled}
        disabled={disabled}
        onChange={(isEnabled) => {
          set('isEnabled', isEnabled);
          // Turning custom SMTP off forgets the server, so its password goes with it.
          if (!isEnabled && isPasswordSet) set('password', null);
          if (isEnabled && draft.password === null) set('password', '');
        }}
        testId="smtp-enabled-switch"
      />
      {!draft.isEnabled && (
        <p className="rounded-md border border-line bg-surface-2 px-3 py-2.5 text-sm text-fg-muted" data-testid="smtp-mail-catcher-note">
          With no SMTP server, Plinth's built-in mail catcher keeps every message this project sends instead of delivering
          it, so every sign-up, magic link and recovery flow works on a fresh install. Read them in the{' '}
          <Link to={`/project/${projectRef}/auth/inbox`} className="text-brand hover:underline">
            Mail Inbox
          </Link>
          .
        </p>
      )}
      {draft.isEnabled && (
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Sender email" type="email" placeholder="noreply@example.com" description="The address emails are sent from." value={draft.senderEmail} onChange={(v) => set('senderEmail', v)} error={form.errorOf('senderEmail')} disabled={disabled} testId="smtp-sender-email" />
          <TextField label="Sender name" placeholder="Your app" description="The name shown in the recipient's inbox." value={draft.senderName} onChange={(v) => set('senderName', v)} disabled={disabled} testId="smtp-sender-name" />
          <TextField label="Host" placeholder="smtp.example.com" description="Your SMTP server's host name." value={draft.host} onChange={(v) => set('host', v)} error={form.errorOf('host')} disabled={disabled} testId="smtp-host" />
          <TextField label="Port number" placeholder="587" inputMode="numeric" description="Usually 587 (STARTTLS) or 465 (TLS); avoid 25." value={draft.port} onChange={(v) => set('port', v)} error={form.errorOf('port')} disabled={disabled} testId="smtp-port" />
          <TextField label="Username" value={draft.user} onChange={(v) => set('user', v)} disabled={disabled} testId="smtp-user" />
          <SecretInput label="Password" isSet={isPasswordSet} value={draft.password} onChange={(v) => set('password', v)} disabled={disabled} testId="smtp-password" />
        </div>
      )}
      <NumberField
        label="Minimum interval between emails being sent"
        suffix="seconds"
        description="How long before another email may go to the same address."
        value={draft.maxFrequency}
        onChange={(v) => set('maxFrequency', v)}
        error={form.errorOf('maxFrequency')}
        disabled={disabled}
        testId="smtp-max-frequency"
      />
    </ConfigFormPanel>
  );
}
