import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input, Textarea } from '../../components/ui/input.tsx';
import { LoadingArea } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { entityKeys } from '../../data/entities/keys.ts';
import type { Entity } from '../../data/entities/entity-types.ts';
import type { TableUpdate } from '../../data/pg-meta/types.ts';
import { tableRowKeys } from '../../data/table-rows/keys.ts';
import { useTableQuery } from '../../data/tables/table-query.ts';
import { useTableUpdateMutation } from '../../data/tables/table-update-mutation.ts';

/** Edit Table: name, description and row level security, sent as only what changed. */
export function EditTableDialog({ projectRef, entity, onClose }: { projectRef: string; entity: Entity | null; onClose: () => void }) {
  const table = useTableQuery(projectRef, entity?.id);
  const update = useTableUpdateMutation(projectRef);
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [comment, setComment] = useState('');
  const [isRlsEnabled, setIsRlsEnabled] = useState(true);

  useEffect(() => {
    if (!table.data) return;
    setName(table.data.name);
    setComment(table.data.comment ?? '');
    setIsRlsEnabled(table.data.rls_enabled);
  }, [table.data]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const current = table.data;
    if (!current || !entity) return;
    const changes: TableUpdate = {};
    if (name.trim() && name.trim() !== current.name) changes.name = name.trim();
    if ((comment.trim() || null) !== current.comment) changes.comment = comment.trim() || null;
    if (isRlsEnabled !== current.rls_enabled) changes.rls_enabled = isRlsEnabled;
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate(
      { id: entity.id, changes },
      {
        onSuccess: async () => {
          toast.success(`Successfully updated table "${changes.name ?? current.name}"`);
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: entityKeys.all(projectRef) }),
            queryClient.invalidateQueries({ queryKey: tableRowKeys.relation(projectRef, entity.id) }),
          ]);
          onClose();
        },
        onError: (error) => toast.error(`Failed to update table: ${errorMessage(error)}`),
      },
    );
  }

  return (
    <Dialog open={entity !== null} onOpenChange={(open) => !open && !update.isPending && onClose()}>
      <DialogContent title={entity ? `Edit table "${entity.name}"` : 'Edit table'} size="md" isBare testId="edit-table-dialog">
        {table.isLoading ? (
          <LoadingArea />
        ) : (
          <form onSubmit={submit}>
            <div className="space-y-4 px-5 py-4">
              <Field label="Name" error={name.trim() === '' ? 'Please provide a name for your table' : null}>
                {(props) => <Input {...props} value={name} onChange={(e) => setName(e.target.value)} maxLength={63} />}
              </Field>
              <Field label="Description" aside="Optional">
                {(props) => <Textarea {...props} className="min-h-20" value={comment} onChange={(e) => setComment(e.target.value)} />}
              </Field>
              <label className="flex items-start gap-2 text-sm text-fg">
                <input type="checkbox" className="mt-1" checked={isRlsEnabled} onChange={(e) => setIsRlsEnabled(e.target.checked)} />
                <span>
                  Enable Row Level Security (RLS)
                  <span className="block text-xs text-fg-muted">Without policies, an RLS table can only be read and written with the service key.</span>
                </span>
              </label>
            </div>
            <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
              <Button variant="outline" onClick={onClose} disabled={update.isPending}>
                Cancel
              </Button>
              <Button type="submit" variant="primary" isLoading={update.isPending} disabled={name.trim() === ''}>
                Save
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
