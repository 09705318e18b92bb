import { useState } from 'react';
import { KeyRound, Plus } from 'lucide-react';
import { Action, Resource } from '@plinth/permissions';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { NoPermission } from '../../components/ui/no-permission.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { useProjectCan } from '../../data/pg-meta/project-permissions.ts';
import { useVaultSecretsQuery, type VaultSecret } from '../../data/vault/vault-secrets-query.ts';
import { matches, SearchInput } from '../database/shared/search-input.tsx';
import { DeleteVaultSecretDialog } from './delete-secret-dialog.tsx';
import { SecretDialog } from './secret-dialog.tsx';
import { VaultSecretsTable } from './secrets-table.tsx';

/**
 * Settings > Vault: the project's vault.secrets, read and written through the SQL endpoint with the
 * vault functions, so the server's own SQL permissions decide who may change them.
 */
export function VaultView({ projectRef }: { projectRef: string }) {
  const secrets = useVaultSecretsQuery(projectRef);
  const canWrite = useProjectCan(projectRef, Action.TENANT_SQL_ADMIN_WRITE, Resource.SQL);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<VaultSecret | 'new' | null>(null);
  const [deleting, setDeleting] = useState<VaultSecret | null>(null);
  const shown = secrets.data?.filter((secret) => matches(search, secret.name, secret.description, secret.id)) ?? [];

  return (
    <div className="space-y-4" data-testid="vault">
      <div className="flex items-center justify-between gap-3">
        <SearchInput value={search} onChange={setSearch} placeholder="Search by name, description or id" className="w-80" />
        {canWrite && (
          <Button variant="primary" icon={<Plus className="size-3.5" aria-hidden />} onClick={() => setEditing('new')} data-testid="vault-add-secret">
            Add new secret
          </Button>
        )}
      </div>
      {!canWrite && <NoPermission action="add, edit or delete vault secrets" />}
      {secrets.isLoading ? (
        <SkeletonRows rows={3} />
      ) : secrets.isError || !secrets.data ? (
        <ErrorState error={secrets.error} title="Failed to retrieve secrets" onRetry={() => void secrets.refetch()} />
      ) : secrets.data.length === 0 ? (
        <EmptyState
          icon={<KeyRound />}
          title="No secrets yet"
          description="Secrets are encrypted at rest and read in SQL from vault.decrypted_secrets, by the postgres role and service_role only."
          testId="vault-empty"
        />
      ) : shown.length === 0 ? (
        <EmptyState icon={<KeyRound />} title="No secrets match your search" description={`Nothing matches "${search.trim()}".`} testId="vault-no-match" />
      ) : (
        <VaultSecretsTable projectRef={projectRef} secrets={shown} onEdit={canWrite ? setEditing : null} onDelete={canWrite ? setDeleting : null} />
      )}
      <SecretDialog projectRef={projectRef} secret={editing} onClose={() => setEditing(null)} />
      <DeleteVaultSecretDialog projectRef={projectRef} secret={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
