import { useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { SecretField } from '../../components/ui/secret-field.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useApiKeyDeleteMutation } from '../../data/api-keys/api-key-delete-mutation.ts';
import { useApiKeysQuery, type ApiKey } from '../../data/api-keys/api-keys-query.ts';
import { errorMessage } from '../../lib/api.ts';
import { ApiKeyCreateDialog } from './api-key-create-dialog.tsx';
import { NO_KEYS_PERMISSION } from './key-messages.ts';
import { SecretKeyField } from './secret-key-field.tsx';

export const NO_API_KEYS_CHANGE_PERMISSION = 'You need additional permissions to manage API keys';

interface PanelProps {
  projectRef: string;
  canReadKeys: boolean;
  canUpdate: boolean;
}

const GROUPS = [
  { type: 'publishable', title: 'Publishable keys', description: 'Safe to use in a browser if you have enabled Row Level Security for your tables and configured policies.', empty: 'No publishable keys yet.' },
  { type: 'secret', title: 'Secret keys', description: 'These keys bypass Row Level Security: use them only on servers you control and never share them publicly.', empty: 'No secret keys yet.' },
] as const;

function KeyRow({ projectRef, apiKey, canReadKeys, canUpdate, onDelete }: PanelProps & { apiKey: ApiKey; onDelete: () => void }) {
  const blockedReason = canReadKeys ? null : NO_KEYS_PERMISSION;
  return (
    <div className="grid gap-2 py-3 first:pt-0 last:pb-0 md:grid-cols-[200px_1fr_auto] md:items-center md:gap-4" data-testid="api-key-row" data-name={apiKey.name}>
      <div className="min-w-0">
        <code className="font-mono text-sm text-fg">{apiKey.name}</code>
        {apiKey.description && <p className="truncate text-xs text-fg-subtle" title={apiKey.description}>{apiKey.description}</p>}
      </div>
      {apiKey.type === 'secret' ? (
        <SecretKeyField projectRef={projectRef} apiKey={apiKey} blockedReason={blockedReason} />
      ) : (
        <SecretField label={`${apiKey.name} publishable key`} value={apiKey.api_key} message={blockedReason} testId={`publishable-key-${apiKey.name}`} />
      )}
      <DisabledTooltip isDisabled={!canUpdate} content={NO_API_KEYS_CHANGE_PERMISSION}>
        <Button size="sm" variant="ghost" disabled={!canUpdate} aria-label={`Delete ${apiKey.name}`} icon={<Trash2 className="size-4" />} onClick={onDelete} data-testid={`api-key-delete-${apiKey.name}`} />
      </DisabledTooltip>
    </div>
  );
}

/** "API Keys": publishable (anon) and secret (service_role) keys, several per project; create, copy, reveal, delete. */
export function PublishableSecretKeysPanel({ projectRef, canReadKeys, canUpdate }: PanelProps) {
  const keys = useApiKeysQuery(projectRef);
  const remove = useApiKeyDeleteMutation(projectRef);
  const [isCreating, setIsCreating] = useState(false);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);

  function confirmDelete(key: ApiKey) {
    remove.mutate(
      { id: key.id },
      {
        onSuccess: () => {
          toast.success(`API key "${key.name}" deleted`);
          setDeleting(null);
        },
        onError: (error) => toast.error('Failed to delete API key', { description: errorMessage(error) }),
      },
    );
  }

  return (
    <Panel
      title="API Keys"
      description="Publishable and secret keys replace the anon and service_role keys: create one per app or server, and delete a key on its own if it leaks."
      testId="publishable-secret-keys-panel"
      actions={
        <DisabledTooltip isDisabled={!canUpdate} content={NO_API_KEYS_CHANGE_PERMISSION}>
          <Button size="sm" variant="outline" disabled={!canUpdate} icon={<Plus className="size-3.5" />} onClick={() => setIsCreating(true)} data-testid="api-key-create">
            New API key
          </Button>
        </DisabledTooltip>
      }
    >
      {keys.isLoading ? (
        <SkeletonRows rows={2} />
      ) : keys.isError ? (
        <ErrorState error={keys.error} title="Failed to retrieve API keys" onRetry={() => void keys.refetch()} />
      ) : (
        <div className="space-y-6">
          {GROUPS.map((group) => {
            const members = (keys.data ?? []).filter((key) => key.type === group.type);
            return (
              <section key={group.type} className="space-y-3" data-testid={`${group.type}-keys`}>
                <div className="space-y-0.5">
                  <h3 className="flex items-center gap-2 text-sm font-medium text-fg">
                    {group.title} <Badge tone={group.type === 'secret' ? 'danger' : 'neutral'}>{group.type === 'secret' ? 'secret' : 'public'}</Badge>
                  </h3>
                  <p className="text-xs text-fg-subtle">{group.description}</p>
                </div>
                {members.length === 0 ? (
                  <p className="rounded-md border border-dashed border-line-strong px-3 py-3 text-sm text-fg-muted">{group.empty}</p>
                ) : (
                  <div className="divide-y divide-line">
                    {members.map((key) => (
                      <KeyRow key={key.id} projectRef={projectRef} apiKey={key} canReadKeys={canReadKeys} canUpdate={canUpdate} onDelete={() => setDeleting(key)} />
                    ))}
                  </div>
                )}
              </section>
            );
          })}
        </div>
      )}
      <ApiKeyCreateDialog projectRef={projectRef} open={isCreating} onOpenChange={setIsCreating} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete API key "${deleting?.name ?? ''}"?`}
        description="Apps and servers using this key are refused from the moment it is deleted. This cannot be undone."
        confirmLabel="Delete API key"
        variant="danger"
        isLoading={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
        testId="api-key-delete-dialog"
      />
    </Panel>
  );
}
