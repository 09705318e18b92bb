import { useEffect, useState, type FormEvent } from 'react';
import { Plus, X } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input, Textarea } from '../../components/ui/input.tsx';
import { SidePanel } from '../../components/ui/side-panel.tsx';
import { errorMessage } from '../../lib/api.ts';
import { entityKeys } from '../../data/entities/keys.ts';
import type { ColumnDefinition } from '../../data/pg-meta/types.ts';
import { useTableCreateMutation } from '../../data/tables/table-create-mutation.ts';

const COMMON_TYPES = ['int8', 'int4', 'int2', 'numeric', 'float8', 'float4', 'text', 'varchar', 'uuid', 'bool', 'date', 'time', 'timestamp', 'timestamptz', 'json', 'jsonb', 'bytea', 'text[]'];

interface DraftColumn {
  key: number;
  name: string;
  type: string;
  defaultValue: string;
  isNullable: boolean;
  isPrimaryKey: boolean;
  isIdentity: boolean;
}

const STARTING_COLUMNS: DraftColumn[] = [
  { key: 1, name: 'id', type: 'int8', defaultValue: '', isNullable: false, isPrimaryKey: true, isIdentity: true },
  { key: 2, name: 'created_at', type: 'timestamptz', defaultValue: 'now()', isNullable: false, isPrimaryKey: false, isIdentity: false },
];

/** `now()`, `gen_random_uuid()`, `true`, `current_date` are SQL; anything else is a value to quote. */
function isExpression(value: string): boolean {
  return /^[a-z_][\w.]*\(.*\)$/i.test(value) || /^(true|false|null|current_(date|time|timestamp|user))$/i.test(value);
}

function definitionOf(column: DraftColumn): ColumnDefinition {
  const value = column.defaultValue.trim();
  return {
    name: column.name.trim(),
    type: column.type.trim(),
    is_nullable: column.isNullable,
    is_primary_key: column.isPrimaryKey,
    ...(column.isIdentity ? { is_identity: true, identity_generation: 'BY DEFAULT' as const } : {}),
    ...(value && !column.isIdentity ? { default_value: value, default_value_format: isExpression(value) ? ('expression' as const) : ('literal' as const) } : {}),
  };
}

/** 'New table': name, description, RLS (on by default) and its first columns. */
export function NewTablePanel({ projectRef, schema, open, onClose }: { projectRef: string; schema: string; open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useTableCreateMutation(projectRef);
  const [name, setName] = useState('');
  const [comment, setComment] = useState('');
  const [isRlsEnabled, setIsRlsEnabled] = useState(true);
  const [columns, setColumns] = useState<DraftColumn[]>(STARTING_COLUMNS);
  const [isSubmitted, setIsSubmitted] = useState(false);

  useEffect(() => {
    if (!open) return;
    setName('');
    setComment('');
    setIsRlsEnabled(true);
    setColumns(STARTING_COLUMNS);
    setIsSubmitted(false);
  }, [open]);

  const nameError = name.trim() === '' ? 'Please provide a name for your table' : null;
  const columnError = columns.some((c) => !c.name.trim() || !c.type.trim()) ? 'Every column needs a name and a type' : null;
  const change = (key: number, patch: Partial<DraftColumn>) => setColumns((all) => all.map((c) => (c.key === key ? { ...c, ...patch } : c)));

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsSubmitted(true);
    if (nameError || columnError) return;
    create.mutate(
      { name: name.trim(), schema, comment: comment.trim() || null, rls_enabled: isRlsEnabled, columns: columns.map(definitionOf) },
      {
        onSuccess: async (table) => {
          toast.success(`Table ${table.name} is good to go!`);
          await queryClient.invalidateQueries({ queryKey: entityKeys.all(projectRef) });
          onClose();
          void navigate(`/project/${projectRef}/editor/${table.id}?schema=${encodeURIComponent(table.schema)}`);
        },
        onError: (error) => toast.error(`Failed to create table: ${errorMessage(error)}`),
      },
    );
  }

  return (
    <SidePanel
      open={open}
      onRequestClose={() => !create.isPending && onClose()}
      title={`Create a new table under ${schema}`}
      size="large"
      testId="new-table-panel"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="new-table-form" variant="primary" isLoading={create.isPending}>
            Save
          </Button>
        </>
      }
    >
      <form id="new-table-form" onSubmit={submit} className="space-y-5 px-5 py-4">
        <Field label="Name" error={isSubmitted ? nameError : null}>
          {(props) => <Input {...props} autoFocus value={name} onChange={(e) => setName(e.target.value)} maxLength={63} />}
        </Field>
        <Field label="Description" aside="Optional">
          {(props) => <Textarea {...props} className="min-h-16" value={comment} onChange={(e) => setComment(e.target.value)} />}
        </Field>
        <label className="flex items-start gap-2 text-sm text-fg">
          <input type="checkbox" className="mt-1" checked={isRlsEnabled} onChange={(e) => setIsRlsEnabled(e.target.checked)} />
          <span>
            Enable Row Level Security (RLS)
            <span className="block text-xs text-fg-muted">Recommended: rows are only reachable through the policies you write.</span>
          </span>
        </label>
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-fg">Columns</legend>
          <datalist id="new-table-types">
            {COMMON_TYPES.map((type) => <option key={type} value={type} />)}
          </datalist>
          <div className="grid grid-cols-[1fr_9.5rem_1fr_auto_auto_auto] items-center gap-2 text-xs text-fg-subtle">
            <span>Name</span>
            <span>Type</span>
            <span>Default value</span>
            <span>Primary</span>
            <span>Nullable</span>
            <span />
            {columns.map((column) => (
              <div key={column.key} className="contents">
                <Input aria-label="Column name" className="h-8" value={column.name} onChange={(e) => change(column.key, { name: e.target.value })} maxLength={63} />
                <Input aria-label="Column type" className="h-8" list="new-table-types" value={column.type} onChange={(e) => change(column.key, { type: e.target.value })} />
                <Input
                  aria-label="Default value"
                  className="h-8"
                  placeholder={column.isIdentity ? 'Automatically generated' : 'NULL'}
                  disabled={column.isIdentity}
                  value={column.defaultValue}
                  onChange={(e) => change(column.key, { defaultValue: e.target.value })}
                />
                <input type="checkbox" aria-label="Primary key" checked={column.isPrimaryKey} onChange={(e) => change(column.key, { isPrimaryKey: e.target.checked, isNullable: e.target.checked ? false : column.isNullable })} />
                <input type="checkbox" aria-label="Nullable" checked={column.isNullable} disabled={column.isPrimaryKey} onChange={(e) => change(column.key, { isNullable: e.target.checked })} />
                <button type="button" aria-label={`Remove column ${column.name}`} className="rounded p-1 text-fg-subtle hover:bg-surface-3 hover:text-fg" onClick={() => setColumns((all) => all.filter((c) => c.key !== column.key))}>
                  <X className="size-3.5" />
                </button>
              </div>
            ))}
          </div>
          {isSubmitted && columnError && <p className="text-xs text-danger">{columnError}</p>}
          <Button
            size="sm"
            variant="outline"
            icon={<Plus className="size-3.5" />}
            onClick={() => setColumns((all) => [...all, { key: Math.max(0, ...all.map((c) => c.key)) + 1, name: '', type: 'text', defaultValue: '', isNullable: true, isPrimaryKey: false, isIdentity: false }])}
          >
            Add column
          </Button>
        </fieldset>
      </form>
    </SidePanel>
  );
}
