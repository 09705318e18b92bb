import { useMemo, useState } from 'react';
import { Archive } from 'lucide-react';
import { Action, Resource } from '@plinth/permissions';
import type { Bucket } from '@plinth/api-contract';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingArea } from '../../components/ui/spinner.tsx';
import { useProjectCan } from '../../data/pg-meta/project-permissions.ts';
import type { Policy } from '../../data/pg-meta/types.ts';
import { usePoliciesQuery } from '../../data/policies/policies-query.ts';
import { useBucketsQuery } from '../../data/storage/buckets-query.ts';
import { PolicyEditorPanel } from '../policies/editor/policy-editor-panel.tsx';
import { PolicyDeleteDialog } from '../policies/policy-delete-dialog.tsx';
import { StoragePolicyEditorDialog } from './editor/storage-policy-editor-dialog.tsx';
import { groupStoragePolicies } from './storage-policy-groups.ts';
import { StoragePolicyGroupPanel } from './storage-policy-group.tsx';

const SAVED = 'Successfully saved policy!';

/**
 * Adding to a bucket uses the storage policy editor (operations, one policy each); adding to the
 * two table groups and editing any policy use the table policy editor on storage.objects/buckets.
 */
type Editing = { kind: 'bucket'; bucket: Bucket } | { kind: 'table'; table: 'objects' | 'buckets'; policy: Policy | null };

/** The storage policies page (spec §2 "Storage policies page"). */
export function StoragePoliciesView({ projectRef }: { projectRef: string }) {
  const buckets = useBucketsQuery(projectRef);
  const policies = usePoliciesQuery(projectRef, 'storage');
  const canWritePolicies = useProjectCan(projectRef, Action.TENANT_SQL_ADMIN_WRITE, Resource.POLICIES);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Policy | null>(null);

  const groups = useMemo(() => groupStoragePolicies(buckets.data ?? [], policies.data ?? []), [buckets.data, policies.data]);

  if (buckets.isLoading || policies.isLoading) return <LoadingArea label="Loading storage policies" />;
  const error = buckets.error ?? policies.error;
  if (error) {
    return (
      <ErrorState
        error={error}
        title="Failed to load storage policies"
        onRetry={() => {
          void buckets.refetch();
          void policies.refetch();
        }}
      />
    );
  }

  const bucketGroups = groups.filter((group) => group.kind === 'bucket');
  const tableGroups = groups.filter((group) => group.kind !== 'bucket');

  return (
    <div className="space-y-4" data-testid="storage-policies-page">
      {bucketGroups.length === 0 && (
        <section className="overflow-hidden rounded-lg border border-line bg-surface" data-testid="storage-policies-no-buckets">
          <header className="flex items-center gap-3 border-b border-line px-4 py-3">
            <Archive className="size-4 text-fg-muted" aria-hidden />
            <h2 className="text-sm font-medium text-fg">Bucket policies</h2>
          </header>
          <p className="px-4 py-4 text-sm text-fg-muted">Create a bucket first to start writing policies!</p>
        </section>
      )}
      {bucketGroups.map((group) => (
        <StoragePolicyGroupPanel
          key={group.label}
          group={group}
          canWritePolicies={canWritePolicies}
          onNewPolicy={() => group.bucket && setEditing({ kind: 'bucket', bucket: group.bucket })}
          onEditPolicy={(policy) => setEditing({ kind: 'table', table: 'objects', policy })}
          onDeletePolicy={setDeleting}
        />
      ))}

      <p className="border-t border-line pt-4 text-sm text-fg-muted">
        For finer control you can also write policies on the tables of the storage schema directly.
      </p>
      {tableGroups.map((group) => (
        <StoragePolicyGroupPanel
          key={group.label}
          group={group}
          canWritePolicies={canWritePolicies}
          onNewPolicy={() => setEditing({ kind: 'table', table: group.table, policy: null })}
          onEditPolicy={(policy) => setEditing({ kind: 'table', table: group.table, policy })}
          onDeletePolicy={setDeleting}
        />
      ))}

      {editing?.kind === 'bucket' && (
        <StoragePolicyEditorDialog projectRef={projectRef} bucket={editing.bucket} successMessage={SAVED} onClose={() => setEditing(null)} />
      )}
      {editing?.kind === 'table' && (
        <PolicyEditorPanel
          projectRef={projectRef}
          target={{ schema: 'storage', table: editing.table }}
          policy={editing.policy}
          successMessage={SAVED}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && <PolicyDeleteDialog projectRef={projectRef} policy={deleting} errorPrefix="Failed to delete policy" onClose={() => setDeleting(null)} />}
    </div>
  );
}
