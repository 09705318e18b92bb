import { Network, Plus } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { useTablesQuery } from '../../../data/tables/tables-query.ts';
import { ProjectSchemaPicker } from '../shared/project-schema-picker.tsx';
import { QueryStates } from '../shared/query-states.tsx';
import { useIsSchemaLocked } from '../shared/schema-lock.ts';
import { useSelectedSchema } from '../shared/use-selected-schema.ts';
import { SchemaGraph } from './schema-graph.tsx';

export function SchemaVisualizer({ projectRef }: { projectRef: string }) {
  const [schema, setSchema] = useSelectedSchema();
  const tables = useTablesQuery(projectRef, schema, { withColumns: true });
  const isLocked = useIsSchemaLocked(projectRef, schema);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <ProjectSchemaPicker projectRef={projectRef} value={schema} onChange={setSchema} />
        <p className="text-xs text-fg-subtle">Drag to move around; Ctrl + scroll or the buttons to zoom.</p>
      </div>
      <QueryStates query={tables} errorTitle="Failed to retrieve tables" testId="schema-visualizer"
        empty={{
          icon: <Network />,
          title: 'No tables in schema',
          description: `The "${schema}" schema has no tables to draw yet.`,
          actions: isLocked ? undefined : (
            <ButtonLink to={`/project/${projectRef}/database/tables?schema=${encodeURIComponent(schema)}`} variant="primary" icon={<Plus className="size-3.5" />}>Create a table</ButtonLink>
          ),
        }}>
        {(rows) => <SchemaGraph tables={rows} />}
      </QueryStates>
    </div>
  );
}
