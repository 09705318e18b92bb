import { ArrowUpCircle } from 'lucide-react';
import { ConfigFormPanel } from './config-form-panel.tsx';
import { SwitchField } from './fields.tsx';
import type { SectionProps } from './section-props.ts';
import { samlSpec } from './settings-specs.ts';
import { useConfigForm } from './use-config-form.ts';

/** SAML 2.0 single sign-on for the project's users, on the plans that include it. */
export function SamlForm({ projectRef, config, canUpdate }: SectionProps) {
  const form = useConfigForm(projectRef, config, samlSpec, 'Successfully updated SAML settings');
  const isAvailable = config.saml_available;
  return (
    <ConfigFormPanel form={form} canUpdate={canUpdate} label="SAML 2.0" testId="saml-form" title="SAML 2.0" description="Let users sign in with their company's identity provider (Okta, Microsoft Entra ID, Google Workspace, ...).">
      <SwitchField
        label="Enable SAML 2.0 single sign-on"
        description="When on, users can sign in through a SAML 2.0 identity provider with signInWithSSO()."
        checked={form.draft.isEnabled}
        onChange={(v) => form.set('isEnabled', v)}
        error={form.errorOf('isEnabled')}
        // An existing setting may still be turned off after a downgrade.
        disabled={!canUpdate || (!isAvailable && !form.draft.isEnabled)}
        testId="saml-enabled-switch"
      />
      {!isAvailable && (
        <p role="note" className="flex items-center gap-2 rounded-md border border-line-strong bg-surface-2 px-3 py-2.5 text-sm text-fg" data-testid="saml-upgrade-note">
          <ArrowUpCircle className="size-4 shrink-0 text-brand" aria-hidden />
          SAML 2.0 single sign-on is available on the Pro plan and above. Upgrade the organization's plan to use it.
        </p>
      )}
    </ConfigFormPanel>
  );
}
