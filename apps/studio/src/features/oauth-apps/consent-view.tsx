import { useState } from 'react';
import { Action, Resource, can } from '@plinth/permissions';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Field, Select } from '../../components/ui/input.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { useOAuthAuthorizationDecideMutation } from '../../data/oauth-apps/oauth-authorization-decide-mutation.ts';
import { useOAuthAuthorizationQuery } from '../../data/oauth-apps/oauth-authorization-query.ts';
import { useOrganizationsQuery } from '../../data/organizations/organizations-query.ts';
import { errorMessage } from '../../lib/api.ts';

/**
 * The consent screen of /api/v1/oauth/authorize: which app asks for what, the organisation to grant it
 * (one the member may change), approve or deny. Either way the browser goes back to the app.
 */
export function ConsentView({ id }: { id: string }) {
  const request = useOAuthAuthorizationQuery(id);
  const organizations = useOrganizationsQuery();
  const decide = useOAuthAuthorizationDecideMutation();
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const grantable = (organizations.data ?? []).filter((organization) => can(organization.role, Action.UPDATE, Resource.ORGANIZATION));
  const slug = chosen || grantable[0]?.slug || '';

  function answer(body: { decision: 'approve'; organization_slug: string } | { decision: 'deny' }) {
    setError(null);
    decide.mutate({ id, body }, { onSuccess: ({ redirect_url }) => window.location.assign(redirect_url), onError: (failure) => setError(errorMessage(failure)) });
  }

  if (request.isPending || organizations.isPending) return <SkeletonRows rows={4} />;
  if (request.isError) return <ErrorState error={request.error} title="This authorization request cannot be answered" />;
  if (organizations.isError) return <ErrorState error={organizations.error} title="Failed to load your organizations" onRetry={() => void organizations.refetch()} />;
  const { app, scopes, redirect_uri } = request.data;

  return (
    <Panel title={`Authorize ${app.name}`} description={`${app.name} by ${app.publisher} wants to act on one of your organizations.`} testId="oauth-consent">
      <div className="space-y-4">
        <div className="space-y-1 text-sm text-fg">
          <p>It asks for:</p>
          <ul className="list-disc pl-5 font-mono text-xs" data-testid="oauth-consent-scopes">
            {scopes.map((scope) => (
              <li key={scope}>{scope}</li>
            ))}
          </ul>
          <p className="text-xs text-fg-subtle">
            Website: {app.website}. You will be sent back to {new URL(redirect_uri).origin}. It can never do more than your own role allows.
          </p>
        </div>
        {grantable.length === 0 ? (
          <p className="text-sm text-fg-muted" data-testid="oauth-consent-no-organization">
            You are not an Owner or Administrator of any organization, so you cannot authorize apps.
          </p>
        ) : (
          <Field label="Organization" error={error}>
            {(props) => (
              <Select {...props} value={slug} onChange={(e) => setChosen(e.target.value)} data-testid="oauth-consent-organization">
                {grantable.map((organization) => (
                  <option key={organization.slug} value={organization.slug}>
                    {organization.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="default" onClick={() => answer({ decision: 'deny' })} disabled={decide.isPending} data-testid="oauth-consent-deny">
            Deny
          </Button>
          <Button variant="primary" onClick={() => answer({ decision: 'approve', organization_slug: slug })} disabled={!slug} isLoading={decide.isPending} data-testid="oauth-consent-approve">
            Authorize {app.name}
          </Button>
        </div>
      </div>
    </Panel>
  );
}
