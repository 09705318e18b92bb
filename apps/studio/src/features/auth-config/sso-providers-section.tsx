import { useState, type ReactNode } from 'react';
import { KeyRound, Pencil, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { DisabledTooltip, Tooltip } from '../../components/ui/tooltip.tsx';
import { useSsoProviderDeleteMutation } from '../../data/sso-providers/sso-provider-delete-mutation.ts';
import { useSsoProvidersQuery, type SsoProviderItem } from '../../data/sso-providers/sso-providers-query.ts';
import { errorMessage } from '../../lib/api.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { NO_UPDATE_PERMISSION } from './config-form-panel.tsx';
import { SsoProviderDialog } from './sso-provider-dialog.tsx';
import { listOfDomains } from './sso-provider-rules.ts';

/** What removing a provider means for the people who sign in through it. */
function deleteConsequence(provider: SsoProviderItem): string {
  const domains = provider.domains.map((d) => d.domain);
  return domains.length > 0
    ? `Users of ${listOfDomains(domains)} will no longer be able to sign in with SSO. Their accounts stay, and they can sign in again once a provider for their domain is added.`
    : `Users will no longer be able to sign in with SSO through ${provider.saml.entity_id}. Their accounts stay.`;
}

/** An icon button at the end of a provider's row; without permission it is disabled and says why. */
function RowAction({ label, tooltip, icon, canUpdate, onClick }: { label: string; tooltip: string; icon: ReactNode; canUpdate: boolean; onClick: () => void }) {
  const button = <Button size="sm" variant="ghost" icon={icon} disabled={!canUpdate} onClick={onClick} aria-label={label} />;
  if (!canUpdate) return <DisabledTooltip isDisabled content={NO_UPDATE_PERMISSION}>{button}</DisabledTooltip>;
  return <Tooltip content={tooltip}>{button}</Tooltip>;
}

/** The project's SAML identity providers (only while SAML is enabled: the server refuses the list otherwise). */
export function SsoProvidersSection({ projectRef, canUpdate }: { projectRef: string; canUpdate: boolean }) {
  const providers = useSsoProvidersQuery(projectRef);
  const remove = useSsoProviderDeleteMutation(projectRef);
  const [editing, setEditing] = useState<SsoProviderItem | null>(null);
  const [isAdding, setIsAdding] = useState(false);
  const [deleting, setDeleting] = useState<SsoProviderItem | null>(null);

  function confirmDelete(provider: SsoProviderItem) {
    remove.mutate(
      { id: provider.id },
      {
        onSuccess: () => {
          toast.success('Successfully deleted identity provider');
          setDeleting(null);
        },
        onError: (error) => toast.error(`Failed to delete identity provider: ${errorMessage(error)}`),
      },
    );
  }

  return (
    <div data-testid="sso-providers">
      <div className="mb-3 flex items-start justify-between gap-4" data-testid="sso-providers-header">
        <div>
          <h3 className="text-sm font-semibold text-fg">Identity providers</h3>
          <p className="mt-0.5 text-sm text-fg-muted">Users sign in with signInWithSSO({'{ domain }'}) at the provider of their email domain.</p>
        </div>
        <DisabledTooltip isDisabled={!canUpdate} content={NO_UPDATE_PERMISSION}>
          <Button size="sm" variant="default" icon={<Plus className="size-3.5" />} disabled={!canUpdate} onClick={() => setIsAdding(true)} data-testid="sso-provider-add">
            Add identity provider
          </Button>
        </DisabledTooltip>
      </div>
      {providers.isPending ? (
        <SkeletonRows rows={2} />
      ) : providers.isError ? (
        <ErrorState error={providers.error} title="Failed to retrieve SAML identity providers" onRetry={() => void providers.refetch()} />
      ) : providers.data.length === 0 ? (
        <EmptyState
          icon={<KeyRound />}
          title="No SAML identity providers yet"
          description="Add your company's identity provider with its SAML metadata and the email domains whose users sign in through it. Set it up first with the service provider details above."
          testId="sso-providers-empty"
        />
      ) : (
        <Table label="SAML identity providers">
          <thead>
            <tr>
              <Th>Entity ID</Th>
              <Th>Domains</Th>
              <Th>Created</Th>
              <Th className="w-0"><span className="sr-only">Actions</span></Th>
            </tr>
          </thead>
          <tbody>
            {providers.data.map((provider) => (
              <tr key={provider.id} data-testid="sso-provider-row">
                <Td className="max-w-64 truncate font-mono text-xs" title={provider.saml.entity_id}>{provider.saml.entity_id}</Td>
                <Td>
                  {provider.domains.length === 0 ? (
                    <span className="text-xs text-fg-subtle">No domains</span>
                  ) : (
                    <ul className="flex flex-wrap gap-1" aria-label={`Domains of ${provider.saml.entity_id}`}>
                      {provider.domains.map((d) => (
                        <li key={d.id} className="whitespace-nowrap rounded-full border border-line-strong bg-surface-3 px-2 py-0.5 font-mono text-xs text-fg" data-testid="sso-provider-domain">{d.domain}</li>
                      ))}
                    </ul>
                  )}
                </Td>
                <Td className="whitespace-nowrap text-fg-muted" title={formatDateTime(provider.created_at)}>{formatDate(provider.created_at)}</Td>
                <Td className="px-2">
                  <div className="flex justify-end">
                    <RowAction label={`Edit ${provider.saml.entity_id}`} tooltip="Edit domains, attribute mapping or metadata" icon={<Pencil className="size-3.5" />} canUpdate={canUpdate} onClick={() => setEditing(provider)} />
                    <RowAction label={`Delete ${provider.saml.entity_id}`} tooltip="Delete identity provider" icon={<Trash2 className="size-3.5" />} canUpdate={canUpdate} onClick={() => setDeleting(provider)} />
                  </div>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <SsoProviderDialog projectRef={projectRef} open={isAdding} onOpenChange={setIsAdding} />
      <SsoProviderDialog projectRef={projectRef} open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} provider={editing} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete identity provider"
        description={deleting ? deleteConsequence(deleting) : undefined}
        confirmLabel="Delete identity provider"
        variant="danger"
        isLoading={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
        testId="sso-provider-delete-dialog"
      />
    </div>
  );
}
