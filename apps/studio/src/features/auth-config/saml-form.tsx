import { ArrowUpCircle } from 'lucide-react';
import { Panel } from '../../components/ui/panel.tsx';
import { ConfigFormPanel } from './config-form-panel.tsx';
import { SwitchField } from './fields.tsx';
import { SamlServiceProviderDetails } from './saml-service-provider-details.tsx';
import type { SectionProps } from './section-props.ts';
import { samlSpec } from './settings-specs.ts';
import { SsoProvidersSection } from './sso-providers-section.tsx';
import { useConfigForm } from './use-config-form.ts';

/**
 * SAML 2.0 single sign-on for the project's users, on the plans that include it. Once it is on (and
 * saved: the server lists providers only then), what the IdP needs and the identity providers follow.
 */
export function SamlForm({ projectRef, config, canUpdate }: SectionProps) {
  const form = useConfigForm(projectRef, config, samlSpec, 'Successfully updated SAML settings');
  const isAvailable = config.saml_available;
  return (
    <div className="space-y-6" data-testid="saml-section">
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
        {isAvailable && !config.saml_enabled && (
          <p className="text-sm text-fg-muted" data-testid="saml-providers-disabled-note">
            SAML identity providers can be added once SAML 2.0 single sign-on is enabled and saved.
          </p>
        )}
      </ConfigFormPanel>
      {config.saml_enabled && (
        <Panel title="SAML 2.0 identity providers" description="Connect the identity providers your users sign in with." bodyClassName="space-y-5 divide-y divide-line [&>*+*]:pt-5" testId="saml-providers-panel">
          <SamlServiceProviderDetails callbackUrl={config.external_callback_url} />
          <SsoProvidersSection projectRef={projectRef} canUpdate={canUpdate} />
        </Panel>
      )}
    </div>
  );
}
