import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, Select } from '../../../components/ui/input.tsx';
import { SidePanel } from '../../../components/ui/side-panel.tsx';
import { INDEX_METHODS } from '../../../data/pg-meta/types.ts';
import { useIndexCreateMutation } from '../../../data/indexes/index-create-mutation.ts';
import { useTablesQuery } from '../../../data/tables/tables-query.ts';
import { errorMessage } from '../../../lib/api.ts';
import { identifierProblem } from '../tables/table-form.ts';

type Method = (typeof INDEX_METHODS)[number];

/** Create an index on chosen columns of a table, with the SQL it will run shown as it is built. */
export function IndexCreatePanel({ projectRef, schema, onClose }: { projectRef: string; schema: string; onClose: () => void }) {
  const tables = useTablesQuery(projectRef, schema, { withColumns: true });
  const create = useIndexCreateMutation(projectRef);
  const [tableId, setTableId] = useState<number | null>(null);
  const [columns, setColumns] = useState<string[]>([]);
  const [method, setMethod] = useState<Method>('btree');
  const [isUnique, setIsUnique] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const table = tables.data?.find((t) => t.id === tableId);

  function save() {
    if (!table) return setError('Please choose a table');
    if (columns.length === 0) return setError('Please choose at least one column');
    if (name) {
      const problem = identifierProblem(name, 'index name');
      if (problem) return setError(problem);
    }
    create.mutate({ schema, table: table.name, columns, method, unique: isUnique, ...(name ? { name } : {}) }, {
      onSuccess: () => { toast.success(`Successfully created index on ${table.name}`); onClose(); },
      onError: (e) => setError(`Failed to create index: ${errorMessage(e)}`),
    });
  }

  return (
    <SidePanel open onRequestClose={() => !create.isPending && onClose()} title="Create new index" testId="index-panel"
      footer={<><Button variant="outline" onClick={onClose}>Cancel</Button><Button variant="primary" onClick={save} isLoading={create.isPending}>Create index</Button></>}>
      <div className="space-y-5 px-5 py-5">
        {error && <p role="alert" className="rounded-md border border-danger/30 bg-danger/5 px-3 py-2 text-sm text-danger">{error}</p>}
        <Field label="Table" description={tables.isError ? 'Failed to load tables' : `Tables of the "${schema}" schema.`}>
          {(props) => (
            <Select {...props} value={tableId ?? ''} onChange={(e) => { setTableId(Number(e.target.value) || null); setColumns([]); }}>
              <option value="">{tables.isLoading ? 'Loading tables…' : 'Choose a table'}</option>
              {(tables.data ?? []).map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
            </Select>
          )}
        </Field>
        {table && (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-fg">Columns</legend>
            <p className="text-xs text-fg-subtle">Order matters: the index sorts by the first chosen column, then the next.</p>
            <div className="flex flex-wrap gap-2">
              {(table.columns ?? []).map((c) => (
                <label key={c.id} className="inline-flex items-center gap-2 rounded-md border border-line-strong bg-surface-2 px-2.5 py-1.5 font-mono text-xs text-fg has-[:checked]:border-brand/60">
                  <input type="checkbox" className="accent-brand" checked={columns.includes(c.name)} onChange={(e) => setColumns((all) => (e.target.checked ? [...all, c.name] : all.filter((x) => x !== c.name)))} />
                  {c.name}
                  {columns.includes(c.name) && <span className="text-fg-subtle">#{columns.indexOf(c.name) + 1}</span>}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <div className="grid grid-cols-2 gap-4">
          <Field label="Index type">
            {(props) => <Select {...props} value={method} onChange={(e) => setMethod(INDEX_METHODS.find((m) => m === e.target.value) ?? 'btree')}>{INDEX_METHODS.map((m) => <option key={m} value={m}>{m}</option>)}</Select>}
          </Field>
          <Field label="Name" aside="Optional">{(props) => <Input {...props} value={name} onChange={(e) => setName(e.target.value)} placeholder="Postgres picks one" className="font-mono" />}</Field>
        </div>
        <label className="flex items-start gap-3 text-sm">
          <input type="checkbox" className="mt-0.5 accent-brand" checked={isUnique} onChange={(e) => setIsUnique(e.target.checked)} />
          <span><span className="font-medium text-fg">Unique</span><span className="block text-xs text-fg-muted">No two rows may have the same values in these columns.</span></span>
        </label>
      </div>
    </SidePanel>
  );
}
