import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { DashboardSso, DashboardSsoUpdate } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Field, Input, Select } from '../../components/ui/input.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { useDashboardSsoQuery } from '../../data/dashboard-sso/dashboard-sso-query.ts';
import { useDashboardSsoUpdateMutation } from '../../data/dashboard-sso/dashboard-sso-update-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

const JOIN_ROLES = ['Developer', 'Read-only', 'Billing admin', 'Administrator'] as const;

/** Organization > SSO: the organisation's OIDC provider for signing in to the dashboard. */
export function SsoSettingsView({ slug, canManage }: { slug: string; canManage: boolean }) {
  const sso = useDashboardSsoQuery(slug);
  if (sso.isPending) return <SkeletonRows rows={4} />;
  if (sso.isError) return <ErrorState error={sso.error} title="Failed to load SSO settings" onRetry={() => void sso.refetch()} />;
  if (!sso.data.available_in_plan) {
    return (
      <Panel title="Single sign-on" testId="sso-plan-notice">
        <p className="text-sm text-fg-muted">
          SSO for the dashboard is included in the Team and Enterprise plans.{' '}
          <Link to={`/org/${slug}/billing?panel=subscriptionPlan`} className="font-medium text-fg underline-offset-4 hover:underline">
            Change plan
          </Link>
        </p>
      </Panel>
    );
  }
  // Keyed by the saved settings, so the form starts again from what the server holds.
  return <SsoForm key={JSON.stringify(sso.data)} slug={slug} saved={sso.data} canManage={canManage} />;
}

function SsoForm({ slug, saved, canManage }: { slug: string; saved: DashboardSso; canManage: boolean }) {
  const update = useDashboardSsoUpdateMutation(slug);
  const [issuer, setIssuer] = useState(saved.issuer ?? '');
  const [clientId, setClientId] = useState(saved.client_id ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState(saved.domains.join(', '));
  const [role, setRole] = useState<DashboardSsoUpdate['default_role']>(saved.default_role);
  const [enabled, setEnabled] = useState(saved.enabled);
  const [enforced, setEnforced] = useState(saved.enforced);

  function submit(event: FormEvent) {
    event.preventDefault();
    const body: DashboardSsoUpdate = {
      issuer: issuer.trim(),
      client_id: clientId.trim(),
      ...(clientSecret ? { client_secret: clientSecret } : {}),
      domains: domains.split(/[\s,]+/).filter(Boolean),
      default_role: role,
      enabled,
      enforced: enabled && enforced,
    };
    update.mutate(body, {
      onSuccess: () => toast.success('SSO settings saved'),
      onError: (error) => toast.error(`Failed to save SSO settings: ${errorMessage(error)}`),
    });
  }

  return (
    <form onSubmit={submit} className="space-y-6" aria-label="SSO settings">
      <Panel title="Identity provider" description="An OpenID Connect provider (Okta, Entra ID, Google Workspace, Keycloak…).">
        <div className="space-y-4">
          <Field label="Redirect URI" description="Register this with your provider.">
            {(props) => (
              <div className="flex gap-2">
                <Input {...props} readOnly value={saved.callback_url} className="font-mono text-xs" />
                <CopyButton value={saved.callback_url} />
              </div>
            )}
          </Field>
          <Field label="Issuer URL">
            {(props) => <Input {...props} name="issuer" placeholder="https://login.example.com" value={issuer} onChange={(e) => setIssuer(e.target.value)} disabled={!canManage} />}
          </Field>
          <Field label="Client ID">
            {(props) => <Input {...props} name="client_id" value={clientId} onChange={(e) => setClientId(e.target.value)} disabled={!canManage} />}
          </Field>
          <Field label="Client secret" description={saved.has_client_secret ? 'Stored. Leave empty to keep it.' : undefined}>
            {(props) => <Input {...props} name="client_secret" type="password" autoComplete="off" value={clientSecret} onChange={(e) => setClientSecret(e.target.value)} disabled={!canManage} />}
          </Field>
        </div>
      </Panel>
      <Panel title="Sign-in">
        <div className="space-y-4">
          <Field label="Email domains" description="People with these addresses sign in through the provider. Comma-separated.">
            {(props) => <Input {...props} name="domains" placeholder="example.com" value={domains} onChange={(e) => setDomains(e.target.value)} disabled={!canManage} />}
          </Field>
          <Field label="Role for new members" description="Given on a person's first SSO sign-in.">
            {(props) => (
              <Select {...props} name="default_role" value={role} onChange={(e) => setRole(e.target.value as typeof role)} disabled={!canManage}>
                {JOIN_ROLES.map((r) => (
                  <option key={r} value={r}>{r}</option>
                ))}
              </Select>
            )}
          </Field>
          <label className="flex items-center justify-between gap-4 text-sm text-fg">
            <span>Enable SSO</span>
            <Switch checked={enabled} onChange={setEnabled} disabled={!canManage} aria-label="Enable SSO" data-testid="sso-enabled" />
          </label>
          <label className="flex items-center justify-between gap-4 text-sm text-fg">
            <span>
              Require SSO
              <span className="block text-xs text-fg-subtle">Members on these domains can no longer sign in with a password.</span>
            </span>
            <Switch checked={enabled && enforced} onChange={setEnforced} disabled={!canManage || !enabled} aria-label="Require SSO" />
          </label>
        </div>
      </Panel>
      {canManage && (
        <div className="flex justify-end">
          <Button type="submit" variant="primary" isLoading={update.isPending} data-testid="sso-save">
            Save
          </Button>
        </div>
      )}
    </form>
  );
}
