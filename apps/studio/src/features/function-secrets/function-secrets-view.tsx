import { useMemo, useState } from 'react';
import { Info, KeyRound } from 'lucide-react';
import { Action, Resource } from '@plinth/permissions';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { NoPermission } from '../../components/ui/no-permission.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { useFunctionSecretsQuery } from '../../data/function-secrets/secrets-query.ts';
import { useProjectCan } from '../../data/pg-meta/project-permissions.ts';
import { AddSecretsForm } from './add-secrets-form.tsx';
import { DeleteSecretDialog } from './delete-secret-dialog.tsx';
import { EditSecretDialog } from './edit-secret-dialog.tsx';
import { SecretsTable } from './secrets-table.tsx';

function VariableName({ children }: { children: string }) {
  return <code className="font-mono text-xs text-fg">{children}</code>;
}

/** What every function has without asking, and when changes reach running functions. */
function PlatformVariablesNote() {
  return (
    <div role="note" className="flex items-start gap-3 rounded-lg border border-line bg-surface-2 px-4 py-3.5 text-sm text-fg-muted" data-testid="secrets-platform-note">
      <Info className="mt-0.5 size-4 shrink-0 text-fg-subtle" aria-hidden />
      <p>
        <VariableName>SUPABASE_URL</VariableName>, <VariableName>SUPABASE_ANON_KEY</VariableName>, <VariableName>SUPABASE_SERVICE_ROLE_KEY</VariableName> and{' '}
        <VariableName>SUPABASE_DB_URL</VariableName> (where the project has a connection string) are set automatically in every function, so names
        starting with SUPABASE_ are reserved. Running functions pick up changed secrets at their next request.
      </p>
    </div>
  );
}

/** Settings > Edge Functions: the project's secrets, seen by every edge function as environment variables. */
export function FunctionSecretsView({ projectRef }: { projectRef: string }) {
  const secrets = useFunctionSecretsQuery(projectRef);
  const canWrite = useProjectCan(projectRef, Action.UPDATE, Resource.EDGE_FUNCTIONS);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const names = useMemo(() => new Set(secrets.data?.map((secret) => secret.name)), [secrets.data]);

  return (
    <div className="space-y-6" data-testid="function-secrets">
      <PlatformVariablesNote />
      {canWrite ? <AddSecretsForm projectRef={projectRef} existingNames={names} /> : <NoPermission action="add, edit or delete edge function secrets" />}
      {secrets.isLoading ? (
        <SkeletonRows rows={3} />
      ) : secrets.isError || !secrets.data ? (
        <ErrorState error={secrets.error} title="Failed to retrieve secrets" onRetry={() => void secrets.refetch()} />
      ) : secrets.data.length === 0 ? (
        <EmptyState
          icon={<KeyRound />}
          title="No secrets yet"
          description="Secrets you add here are environment variables of every edge function in this project, read with Deno.env.get('NAME')."
          testId="secrets-empty"
        />
      ) : (
        <SecretsTable secrets={secrets.data} onEdit={canWrite ? setEditing : null} onDelete={canWrite ? setDeleting : null} />
      )}
      <EditSecretDialog projectRef={projectRef} name={editing} onClose={() => setEditing(null)} />
      <DeleteSecretDialog projectRef={projectRef} name={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
