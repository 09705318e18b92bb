import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BookOpen, Plus, ShieldCheck, X } from 'lucide-react';
import { Action, Resource } from '@plinth/permissions';
import { ButtonLink, Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { ProtectedSchemaNotice } from '../../components/ui/protected-schema-notice.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import type { Policy, Table } from '../../data/pg-meta/types.ts';
import { useProjectCan } from '../../data/pg-meta/project-permissions.ts';
import { usePoliciesQuery } from '../../data/policies/policies-query.ts';
import { useTableQuery } from '../../data/tables/table-query.ts';
import { useTablesQuery } from '../../data/tables/tables-query.ts';
import { ProjectSchemaPicker } from '../database/shared/project-schema-picker.tsx';
import { useIsSchemaLocked } from '../database/shared/schema-lock.ts';
import { useSelectedSchema } from '../database/shared/use-selected-schema.ts';
import { PolicyEditorPanel } from './editor/policy-editor-panel.tsx';
import { PolicyDeleteDialog } from './policy-delete-dialog.tsx';
import { RlsToggleDialog } from './rls-toggle-dialog.tsx';
import { TablePoliciesSection } from './table-policies-section.tsx';

const RLS_DOCS_URL = 'https://supabase.com/docs/guides/auth/row-level-security';

type Editing = { table: Table; policy: Policy | null };

/** The policies page: one section per table of the selected schema (spec document 1, "Policies page"). */
export function PoliciesView({ projectRef }: { projectRef: string }) {
  const [params, setParams] = useSearchParams();
  const [schema, setSchema] = useSelectedSchema();
  const searchTableId = Number(params.get('search')) || undefined;
  const searchedTable = useTableQuery(projectRef, searchTableId);

  // ?search={tableId} opens the schema that table is in.
  useEffect(() => {
    if (searchedTable.data && searchedTable.data.schema !== schema) {
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('schema', searchedTable.data.schema);
        return next;
      }, { replace: true });
    }
  }, [searchedTable.data, schema, setParams]);

  const tables = useTablesQuery(projectRef, schema);
  const policies = usePoliciesQuery(projectRef, schema);
  const isLocked = useIsSchemaLocked(projectRef, schema);
  const canWritePolicies = useProjectCan(projectRef, Action.TENANT_SQL_ADMIN_WRITE, Resource.POLICIES);
  const canToggleRls = useProjectCan(projectRef, Action.TENANT_SQL_ADMIN_WRITE, Resource.TABLES);

  const [editing, setEditing] = useState<Editing | null>(null);
  const [toggling, setToggling] = useState<Table | null>(null);
  const [deleting, setDeleting] = useState<Policy | null>(null);

  const shownTables = useMemo(
    () => (tables.data ?? []).filter((table) => searchTableId === undefined || table.id === searchTableId),
    [tables.data, searchTableId],
  );
  const policiesByTable = useMemo(() => {
    const map = new Map<number, Policy[]>();
    for (const policy of policies.data ?? []) map.set(policy.table_id, [...(map.get(policy.table_id) ?? []), policy]);
    return map;
  }, [policies.data]);

  function clearSearch() {
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('search');
      return next;
    }, { replace: true });
  }

  const isLoading = tables.isLoading || policies.isLoading;
  const error = tables.error ?? policies.error;

  return (
    <div className="space-y-4" data-testid="policies-page">
      <div className="flex flex-wrap items-center gap-3">
        <ProjectSchemaPicker projectRef={projectRef} value={schema} onChange={setSchema} />
        {searchTableId !== undefined && (
          <Button size="sm" variant="outline" icon={<X className="size-3.5" />} onClick={clearSearch} data-testid="policies-clear-search">
            Showing one table{searchedTable.data ? `: ${searchedTable.data.name}` : ''}
          </Button>
        )}
      </div>
      {isLocked && <ProtectedSchemaNotice schema={schema} area="the dashboard" />}

      {isLoading ? (
        <SkeletonRows rows={3} className="[&>div]:h-28" />
      ) : error ? (
        <ErrorState
          error={error}
          title="Failed to load policies"
          onRetry={() => {
            void tables.refetch();
            void policies.refetch();
          }}
        />
      ) : shownTables.length === 0 ? (
        <EmptyState
          icon={<ShieldCheck />}
          title={searchTableId !== undefined ? 'Table not found in this schema' : 'No tables to create policies for'}
          description={`There are no tables in the "${schema}" schema yet. RLS policies control which rows each role may read and change.`}
          testId="policies-empty"
          actions={
            <>
              {!isLocked && (
                <ButtonLink to={`/project/${projectRef}/editor`} variant="primary" icon={<Plus className="size-3.5" />}>
                  Create a table
                </ButtonLink>
              )}
              <a href={RLS_DOCS_URL} target="_blank" rel="noreferrer" className="inline-flex h-8 items-center gap-2 rounded-md border border-line-strong px-3 text-sm text-fg hover:bg-surface-3">
                <BookOpen className="size-3.5" aria-hidden />
                What is RLS?
              </a>
            </>
          }
        />
      ) : (
        <div className="space-y-4">
          {shownTables.map((table) => (
            <TablePoliciesSection
              key={table.id}
              projectRef={projectRef}
              table={table}
              policies={policiesByTable.get(table.id) ?? []}
              isLocked={isLocked}
              canWritePolicies={canWritePolicies}
              canToggleRls={canToggleRls}
              onNewPolicy={() => setEditing({ table, policy: null })}
              onToggleRls={() => setToggling(table)}
              onEditPolicy={(policy) => setEditing({ table, policy })}
              onDeletePolicy={setDeleting}
            />
          ))}
        </div>
      )}

      {editing && (
        <PolicyEditorPanel
          projectRef={projectRef}
          target={{ schema: editing.table.schema, table: editing.table.name }}
          policy={editing.policy}
          onClose={() => setEditing(null)}
        />
      )}
      {toggling && <RlsToggleDialog projectRef={projectRef} table={toggling} open onOpenChange={(open) => !open && setToggling(null)} />}
      {deleting && <PolicyDeleteDialog projectRef={projectRef} policy={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}
