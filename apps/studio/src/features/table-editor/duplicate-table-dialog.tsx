import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { errorMessage } from '../../lib/api.ts';
import type { Entity } from '../../data/entities/entity-types.ts';
import { useTableDuplicateMutation } from '../../data/entities/table-duplicate-mutation.ts';
import { useRelationQuery } from '../../data/table-rows/relation-query.ts';

/** Duplicate Table: same structure under a new name, with or without the rows. */
export function DuplicateTableDialog({ projectRef, entity, onClose }: { projectRef: string; entity: Entity | null; onClose: () => void }) {
  const navigate = useNavigate();
  const relation = useRelationQuery(projectRef, entity?.id);
  const duplicate = useTableDuplicateMutation(projectRef);
  const [name, setName] = useState('');
  const [withRows, setWithRows] = useState(true);
  useEffect(() => {
    if (entity) {
      setName(`${entity.name}_duplicate`.slice(0, 63));
      setWithRows(true);
    }
  }, [entity]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const meta = relation.data;
    if (!entity || !meta || !name.trim()) return;
    duplicate.mutate(
      { source: meta, newName: name.trim(), withRows },
      {
        onSuccess: (id) => {
          toast.success(`Successfully duplicated ${entity.name} as ${name.trim()}`);
          onClose();
          if (id) void navigate(`/project/${projectRef}/editor/${id}?schema=${encodeURIComponent(entity.schema)}`);
        },
        onError: (error) => toast.error(`Failed to duplicate table: ${errorMessage(error)}`),
      },
    );
  }

  return (
    <Dialog open={entity !== null} onOpenChange={(open) => !open && !duplicate.isPending && onClose()}>
      <DialogContent title={entity ? `Duplicate table "${entity.name}"` : 'Duplicate table'} size="md" isBare testId="duplicate-table-dialog">
        <form onSubmit={submit}>
          <div className="space-y-4 px-5 py-4">
            <Field label="Name of the copy" error={name.trim() === '' ? 'Please provide a name for your table' : null}>
              {(props) => <Input {...props} autoFocus value={name} onChange={(e) => setName(e.target.value)} maxLength={63} />}
            </Field>
            <label className="flex items-center gap-2 text-sm text-fg">
              <input type="checkbox" checked={withRows} onChange={(e) => setWithRows(e.target.checked)} />
              Copy the rows too
            </label>
            <p className="text-xs text-fg-muted">Columns, defaults, constraints and indexes are copied. Foreign keys, triggers and policies are not.</p>
          </div>
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <Button variant="outline" onClick={onClose} disabled={duplicate.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" isLoading={duplicate.isPending} disabled={!relation.data || name.trim() === ''}>
              Duplicate
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
