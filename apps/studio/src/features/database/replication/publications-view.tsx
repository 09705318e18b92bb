import { useState } from 'react';
import { Plus, Radio, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { Table as DataTable, Td, Th } from '../../../components/ui/table.tsx';
import type { Publication, PublicationUpdate } from '../../../data/pg-meta/types.ts';
import { usePublicationCreateMutation } from '../../../data/publications/publication-create-mutation.ts';
import { usePublicationDeleteMutation } from '../../../data/publications/publication-delete-mutation.ts';
import { usePublicationUpdateMutation } from '../../../data/publications/publication-update-mutation.ts';
import { usePublicationsQuery } from '../../../data/publications/publications-query.ts';
import { errorMessage } from '../../../lib/api.ts';
import { QueryStates } from '../shared/query-states.tsx';
import { NeedsWrite, useCanWriteDatabase } from '../shared/write-permission.tsx';
import { identifierProblem } from '../tables/table-form.ts';
import { PublicationTablesPanel } from './publication-tables-panel.tsx';

const EVENTS = [['publish_insert', 'Insert'], ['publish_update', 'Update'], ['publish_delete', 'Delete'], ['publish_truncate', 'Truncate']] as const;

export function PublicationsView({ projectRef }: { projectRef: string }) {
  const publications = usePublicationsQuery(projectRef);
  const canWrite = useCanWriteDatabase(projectRef);
  const update = usePublicationUpdateMutation(projectRef);
  const remove = usePublicationDeleteMutation(projectRef);
  const create = usePublicationCreateMutation(projectRef);
  const [viewing, setViewing] = useState<Publication | null>(null);
  const [deleting, setDeleting] = useState<Publication | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const [newName, setNewName] = useState('');
  const [createError, setCreateError] = useState<string | null>(null);

  function toggle(publication: Publication, key: (typeof EVENTS)[number][0]) {
    const changes: PublicationUpdate = { [key]: !publication[key] };
    update.mutate({ id: publication.id, changes }, { onError: (e) => toast.error(`Failed to update publication: ${errorMessage(e)}`) });
  }

  const createButton = (
    <NeedsWrite canWrite={canWrite} action="create publications">
      <Button size="sm" variant="primary" icon={<Plus className="size-3.5" />} disabled={!canWrite} onClick={() => { setNewName(''); setCreateError(null); setIsCreating(true); }}>Create publication</Button>
    </NeedsWrite>
  );

  return (
    <div className="space-y-4">
      <div className="flex justify-end">{createButton}</div>
      <QueryStates query={publications} errorTitle="Failed to retrieve publications" testId="publications"
        empty={{ icon: <Radio />, title: 'No publications yet', description: 'A publication streams row changes of chosen tables (Realtime uses supabase_realtime).', actions: createButton }}>
        {(rows) => (
          <DataTable label="Publications">
            <thead><tr><Th>Name</Th><Th>System ID</Th>{EVENTS.map(([, label]) => <Th key={label} className="text-center">{label}</Th>)}<Th>Source</Th><Th className="w-px" /></tr></thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.id} data-testid={`publication-row-${p.name}`}>
                  <Td className="font-mono text-sm">{p.name}</Td>
                  <Td className="font-mono text-xs text-fg-muted">{p.id}</Td>
                  {EVENTS.map(([key, label]) => (
                    <Td key={key} className="text-center">
                      <input type="checkbox" aria-label={`${label} events of ${p.name}`} className="accent-brand" checked={p[key]} disabled={!canWrite || update.isPending} onChange={() => toggle(p, key)} />
                    </Td>
                  ))}
                  <Td>
                    <Button size="sm" variant="outline" onClick={() => setViewing(p)}>
                      {p.tables === null ? 'All tables' : `${p.tables.length} ${p.tables.length === 1 ? 'table' : 'tables'}`}
                    </Button>
                  </Td>
                  <Td>{canWrite && <Button size="sm" variant="ghost" icon={<Trash2 className="size-3.5" />} aria-label={`Delete publication ${p.name}`} onClick={() => setDeleting(p)} />}</Td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </QueryStates>
      {viewing && <PublicationTablesPanel projectRef={projectRef} publication={viewing} canWrite={canWrite} onClose={() => setViewing(null)} />}
      <ConfirmDialog open={isCreating} onOpenChange={setIsCreating} title="Create a publication" confirmLabel="Create publication" isLoading={create.isPending}
        onConfirm={() => {
          const problem = identifierProblem(newName, 'publication name');
          if (problem) return setCreateError(problem);
          create.mutate({ name: newName, tables: [] }, {
            onSuccess: () => { toast.success(`Successfully created publication "${newName}"`); setIsCreating(false); },
            onError: (e) => setCreateError(errorMessage(e)),
          });
        }}>
        <Field label="Name" error={createError}>{(props) => <Input {...props} autoFocus value={newName} onChange={(e) => setNewName(e.target.value)} className="font-mono" />}</Field>
      </ConfirmDialog>
      <ConfirmDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)} title={`Delete publication "${deleting?.name ?? ''}"`}
        description="Subscribers (Realtime included) stop receiving changes through it." confirmLabel="Delete publication" variant="danger"
        confirmValue={deleting?.name} isLoading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id }, {
          onSuccess: () => { toast.success(`Successfully deleted publication "${deleting.name}"`); setDeleting(null); },
          onError: (e) => toast.error(`Failed to delete publication: ${errorMessage(e)}`),
        })} />
    </div>
  );
}
