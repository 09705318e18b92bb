import { useState } from 'react';
import { ListTree, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ProtectedSchemaNotice } from '../../../components/ui/protected-schema-notice.tsx';
import { Table as DataTable, Td, Th } from '../../../components/ui/table.tsx';
import type { Index } from '../../../data/pg-meta/types.ts';
import { useIndexDeleteMutation } from '../../../data/indexes/index-delete-mutation.ts';
import { useIndexesQuery } from '../../../data/indexes/indexes-query.ts';
import { errorMessage } from '../../../lib/api.ts';
import { ProjectSchemaPicker } from '../shared/project-schema-picker.tsx';
import { QueryStates } from '../shared/query-states.tsx';
import { useIsSchemaLocked } from '../shared/schema-lock.ts';
import { matches, SearchInput } from '../shared/search-input.tsx';
import { useSelectedSchema } from '../shared/use-selected-schema.ts';
import { NeedsWrite, useCanWriteDatabase } from '../shared/write-permission.tsx';
import { IndexCreatePanel } from './index-create-panel.tsx';

export function IndexesView({ projectRef }: { projectRef: string }) {
  const [schema, setSchema] = useSelectedSchema();
  const indexes = useIndexesQuery(projectRef, schema);
  const isLocked = useIsSchemaLocked(projectRef, schema);
  const canWrite = useCanWriteDatabase(projectRef);
  const remove = useIndexDeleteMutation(projectRef);
  const [search, setSearch] = useState('');
  const [isCreating, setIsCreating] = useState(false);
  const [deleting, setDeleting] = useState<Index | null>(null);
  const shown = (indexes.data ?? []).filter((i) => matches(search, i.name, i.table));

  const createButton = !isLocked && (
    <NeedsWrite canWrite={canWrite} action="create indexes">
      <Button size="sm" variant="primary" icon={<Plus className="size-3.5" />} disabled={!canWrite} onClick={() => setIsCreating(true)}>Create index</Button>
    </NeedsWrite>
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <ProjectSchemaPicker projectRef={projectRef} value={schema} onChange={setSchema} />
        <SearchInput value={search} onChange={setSearch} placeholder="Search for an index" />
        <div className="ml-auto">{createButton}</div>
      </div>
      {isLocked && <ProtectedSchemaNotice schema={schema} area="the dashboard" />}
      <QueryStates query={indexes} items={shown} errorTitle="Failed to retrieve indexes" testId="indexes"
        empty={{ icon: <ListTree />, title: 'No indexes created yet', description: `There are no indexes found in the schema "${schema}"`, actions: createButton || undefined }}
        noResults={{ title: 'No results found', description: `Your search for "${search}" did not return any results` }}>
        {(rows) => (
          <DataTable label="Indexes">
            <thead><tr><Th>Table</Th><Th>Name</Th><Th>Columns</Th><Th>Type</Th><Th>Definition</Th><Th className="w-px" /></tr></thead>
            <tbody>
              {rows.map((i) => (
                <tr key={i.id} data-testid={`index-row-${i.name}`}>
                  <Td className="font-mono text-xs text-fg-muted">{i.table}</Td>
                  <Td className="font-mono text-sm">
                    {i.name}
                    <span className="ml-2 inline-flex gap-1 align-middle">{i.is_primary && <Badge tone="warning">Primary</Badge>}{i.is_unique && !i.is_primary && <Badge>Unique</Badge>}</span>
                  </Td>
                  <Td className="font-mono text-xs text-fg-muted">{i.columns.join(', ')}</Td>
                  <Td className="text-xs text-fg-muted">{i.access_method}</Td>
                  <Td className="max-w-96 truncate font-mono text-[11px] text-fg-subtle" title={i.index_definition}>{i.index_definition}</Td>
                  <Td>
                    {!isLocked && canWrite && !i.is_primary && (
                      <Button size="sm" variant="ghost" icon={<Trash2 className="size-3.5" />} aria-label={`Delete index ${i.name}`} onClick={() => setDeleting(i)} />
                    )}
                  </Td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </QueryStates>
      {isCreating && <IndexCreatePanel projectRef={projectRef} schema={schema} onClose={() => setIsCreating(false)} />}
      <ConfirmDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)} title={`Delete index "${deleting?.name ?? ''}"`}
        description="Queries that used it may become slower; a unique index no longer enforces uniqueness." confirmLabel="Delete index" variant="danger"
        isLoading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id }, {
          onSuccess: () => { toast.success(`Successfully deleted index "${deleting.name}"`); setDeleting(null); },
          onError: (e) => toast.error(`Failed to delete index: ${errorMessage(e)}`),
        })} />
    </div>
  );
}
