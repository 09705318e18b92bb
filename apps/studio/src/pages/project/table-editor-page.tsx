import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Table2 } from 'lucide-react';
import { Action, Resource, can } from '@plinth/permissions';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { NoPermission } from '../../components/ui/no-permission.tsx';
import { LoadingArea } from '../../components/ui/spinner.tsx';
import { DEFAULT_SCHEMA } from '../../data/entities/entity-types.ts';
import { isProtectedSchema } from '../../data/entities/protected-schemas.ts';
import { useSchemasQuery } from '../../data/schemas/schemas-query.ts';
import { useProjectRole } from '../../data/sql/project-role.ts';
import { useRelationQuery } from '../../data/table-rows/relation-query.ts';
import { EntitySidebar } from '../../features/table-editor/entity-sidebar.tsx';
import { RowsView } from '../../features/table-editor/rows-view.tsx';

/** /project/{ref}/editor and /project/{ref}/editor/{tableId} (?schema= picks the sidebar's schema). */
export default function TableEditorPage() {
  const { ref = '', tableId } = useParams();
  const [params, setParams] = useSearchParams();
  const { role, isLoading } = useProjectRole(ref);
  const schemas = useSchemasQuery(ref);
  const id = tableId !== undefined && /^\d+$/.test(tableId) ? Number(tableId) : undefined;
  const relation = useRelationQuery(ref, id);
  const schema = params.get('schema') || relation.data?.schema || DEFAULT_SCHEMA;

  // Opened by id alone (a link from elsewhere): the sidebar follows the table's schema.
  useEffect(() => {
    if (!params.get('schema') && relation.data) setParams((p) => (p.set('schema', relation.data!.schema), p), { replace: true });
  }, [params, relation.data, setParams]);

  if (isLoading) return <LoadingArea label="Loading table editor" />;
  if (!can(role, Action.TENANT_SQL_ADMIN_READ, Resource.TABLES)) {
    return (
      <div className="p-6">
        <NoPermission action="view tables from this project" />
      </div>
    );
  }
  const canWrite = can(role, Action.TENANT_SQL_ADMIN_WRITE, Resource.TABLES);
  const isLocked = isProtectedSchema(schema, schemas.data);

  return (
    <div className="flex h-full min-h-0">
      <EntitySidebar
        projectRef={ref}
        schema={schema}
        onSchemaChange={(next) => setParams((p) => (p.set('schema', next), p))}
        isLocked={isLocked}
        selectedId={id}
        canWrite={canWrite}
      />
      <div className="min-w-0 flex-1">
        {id === undefined ? (
          <div className="p-6">
            <EmptyState icon={<Table2 />} title="Select a table" description="Choose a table or view from the list to see its rows, or create a new table." />
          </div>
        ) : (
          <RowsView projectRef={ref} tableId={id} canWrite={canWrite} isLocked={isProtectedSchema(relation.data?.schema ?? schema, schemas.data)} />
        )}
      </div>
    </div>
  );
}
