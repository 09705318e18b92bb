import { useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { SidePanel } from '../../../components/ui/side-panel.tsx';
import type { PgType, TypeUpdate } from '../../../data/pg-meta/types.ts';
import { useEnumTypeCreateMutation } from '../../../data/enum-types/enum-type-create-mutation.ts';
import { useEnumTypeUpdateMutation } from '../../../data/enum-types/enum-type-update-mutation.ts';
import { errorMessage } from '../../../lib/api.ts';
import { identifierProblem } from '../tables/table-form.ts';

interface ValueRow { key: string; original: string | null; value: string }
let nextKey = 0;
const row = (original: string | null, value = original ?? ''): ValueRow => ({ key: `v-${(nextKey += 1)}`, original, value });

/**
 * Create an enum or edit one. Postgres can rename and add labels but never remove one, so existing
 * labels can be renamed and only new labels removed.
 */
export function EnumTypePanel({ projectRef, schema, type, onClose }: { projectRef: string; schema: string; type: PgType | null; onClose: () => void }) {
  const [name, setName] = useState(type?.name ?? '');
  const [comment, setComment] = useState(type?.comment ?? '');
  const [values, setValues] = useState<ValueRow[]>(() => (type ? type.enums.map((v) => row(v)) : [row(null)]));
  const [error, setError] = useState<string | null>(null);
  const create = useEnumTypeCreateMutation(projectRef);
  const update = useEnumTypeUpdateMutation(projectRef);
  const isSaving = create.isPending || update.isPending;

  function save() {
    const labels = values.map((v) => v.value);
    const problem =
      identifierProblem(name, 'type name') ??
      (labels.some((l) => l === '') ? 'Please provide a value for every row, or remove the empty ones' : null) ??
      (new Set(labels).size !== labels.length ? 'Each value of an enum must be unique' : null);
    if (problem) return setError(problem);
    const onSuccess = () => { toast.success(`Successfully ${type ? 'updated' : 'created'} type "${name}"`); onClose(); };
    const onError = (e: unknown) => setError(`Failed to ${type ? 'update' : 'create'} type: ${errorMessage(e)}`);
    if (!type) return create.mutate({ schema, name, values: labels, comment: comment.trim() || null }, { onSuccess, onError });
    const changes: TypeUpdate = {};
    if (name !== type.name) changes.name = name;
    if (comment.trim() !== (type.comment ?? '')) changes.comment = comment.trim() || null;
    const renames = values.filter((v) => v.original !== null && v.original !== v.value).map((v) => ({ old: v.original ?? '', new: v.value }));
    if (renames.length) changes.rename_values = renames;
    if (values.some((v) => v.original === null)) changes.values = labels;
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate({ id: type.id, changes }, { onSuccess, onError });
  }

  return (
    <SidePanel open onRequestClose={() => !isSaving && onClose()} title={type ? `Update type "${type.name}"` : 'Create a new enumerated type'} testId="enum-type-panel"
      footer={<><Button variant="outline" onClick={onClose}>Cancel</Button><Button variant="primary" onClick={save} isLoading={isSaving}>{type ? 'Save' : 'Create type'}</Button></>}>
      <div className="space-y-5 px-5 py-5">
        {error && <p role="alert" className="rounded-md border border-danger/30 bg-danger/5 px-3 py-2 text-sm text-danger">{error}</p>}
        <Field label="Name">{(props) => <Input {...props} autoFocus value={name} onChange={(e) => setName(e.target.value)} className="font-mono" />}</Field>
        <Field label="Description" aside="Optional">{(props) => <Input {...props} value={comment} onChange={(e) => setComment(e.target.value)} />}</Field>
        <div className="space-y-2">
          <h3 className="text-sm font-medium text-fg">Values</h3>
          {type && <p className="text-xs text-fg-subtle">Existing values can be renamed but not removed (Postgres cannot drop an enum value).</p>}
          {values.map((v, i) => (
            <div key={v.key} className="flex items-center gap-2">
              <Input aria-label={`Value ${i + 1}`} value={v.value} className="h-8 font-mono text-xs" onChange={(e) => setValues((all) => all.map((x) => (x.key === v.key ? { ...x, value: e.target.value } : x)))} />
              <Button size="sm" variant="ghost" icon={<Trash2 className="size-3.5" />} aria-label={`Remove value ${v.value}`} disabled={v.original !== null || values.length === 1}
                onClick={() => setValues((all) => all.filter((x) => x.key !== v.key))} />
            </div>
          ))}
          <Button size="sm" variant="outline" icon={<Plus className="size-3.5" />} onClick={() => setValues((all) => [...all, row(null)])}>Add value</Button>
        </div>
      </div>
    </SidePanel>
  );
}
