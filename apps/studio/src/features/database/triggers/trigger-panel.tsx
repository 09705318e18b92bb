import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, Select } from '../../../components/ui/input.tsx';
import { SidePanel } from '../../../components/ui/side-panel.tsx';
import { ALL_SCHEMAS } from '../../../components/ui/schema-picker.tsx';
import { TRIGGER_ACTIVATIONS, TRIGGER_EVENTS, type TriggerActivation, type TriggerEvent } from '../../../data/pg-meta/types.ts';
import { useFunctionsQuery } from '../../../data/functions/functions-query.ts';
import { useTablesQuery } from '../../../data/tables/tables-query.ts';
import { useTriggerCreateMutation } from '../../../data/triggers/trigger-create-mutation.ts';
import { errorMessage } from '../../../lib/api.ts';
import { identifierProblem } from '../tables/table-form.ts';

/** Create a trigger: a table, the events, and a function returning `trigger`. */
export function TriggerPanel({ projectRef, schema, onClose }: { projectRef: string; schema: string; onClose: () => void }) {
  const tables = useTablesQuery(projectRef, schema);
  const functions = useFunctionsQuery(projectRef, ALL_SCHEMAS);
  const create = useTriggerCreateMutation(projectRef);
  const [name, setName] = useState('');
  const [table, setTable] = useState('');
  const [fn, setFn] = useState('');
  const [activation, setActivation] = useState<TriggerActivation>('AFTER');
  const [events, setEvents] = useState<TriggerEvent[]>(['INSERT']);
  const [orientation, setOrientation] = useState<'ROW' | 'STATEMENT'>('ROW');
  const [condition, setCondition] = useState('');
  const [error, setError] = useState<string | null>(null);
  const triggerFunctions = (functions.data ?? []).filter((f) => f.return_type === 'trigger');

  function save() {
    const problem =
      identifierProblem(name, 'trigger name') ??
      (!table ? 'Please choose the table the trigger fires on' : null) ??
      (!fn ? 'Please choose the function the trigger runs' : null) ??
      (events.length === 0 ? 'Please choose at least one event' : null);
    if (problem) return setError(problem);
    const [functionSchema, ...rest] = fn.split('.');
    create.mutate(
      {
        name, schema, table, function_schema: functionSchema, function_name: rest.join('.'), activation, events, orientation,
        condition: condition.trim() || null,
      },
      {
        onSuccess: () => {
          toast.success(`Successfully created trigger "${name}"`);
          onClose();
        },
        onError: (err) => setError(`Failed to create trigger: ${errorMessage(err)}`),
      },
    );
  }

  return (
    <SidePanel open onRequestClose={() => !create.isPending && onClose()} title="Create a new database trigger" testId="trigger-panel"
      footer={<><Button variant="outline" onClick={onClose}>Cancel</Button><Button variant="primary" onClick={save} isLoading={create.isPending}>Create trigger</Button></>}>
      <div className="space-y-5 px-5 py-5">
        {error && <p role="alert" className="rounded-md border border-danger/30 bg-danger/5 px-3 py-2 text-sm text-danger">{error}</p>}
        <Field label="Name of trigger">
          {(props) => <Input {...props} autoFocus value={name} onChange={(e) => setName(e.target.value)} className="font-mono" />}
        </Field>
        <Field label="Table" description={`Tables of the "${schema}" schema.`}>
          {(props) => (
            <Select {...props} value={table} onChange={(e) => setTable(e.target.value)}>
              <option value="">{tables.isLoading ? 'Loading tables…' : 'Choose a table'}</option>
              {(tables.data ?? []).map((t) => <option key={t.id} value={t.name}>{t.name}</option>)}
            </Select>
          )}
        </Field>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-fg">Events</legend>
          <div className="flex flex-wrap gap-3">
            {TRIGGER_EVENTS.map((event) => (
              <label key={event} className="flex items-center gap-2 text-sm text-fg">
                <input type="checkbox" className="accent-brand" checked={events.includes(event)}
                  onChange={(e) => setEvents((all) => (e.target.checked ? [...all, event] : all.filter((x) => x !== event)))} />
                {event}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid grid-cols-2 gap-4">
          <Field label="Trigger type">
            {(props) => (
              <Select {...props} value={activation} onChange={(e) => setActivation(TRIGGER_ACTIVATIONS.find((a) => a === e.target.value) ?? 'AFTER')}>
                {TRIGGER_ACTIVATIONS.map((a) => <option key={a} value={a}>{a} the event</option>)}
              </Select>
            )}
          </Field>
          <Field label="Orientation">
            {(props) => (
              <Select {...props} value={orientation} onChange={(e) => setOrientation(e.target.value === 'STATEMENT' ? 'STATEMENT' : 'ROW')}>
                <option value="ROW">Row</option>
                <option value="STATEMENT">Statement</option>
              </Select>
            )}
          </Field>
        </div>
        <Field label="Function to trigger" description={functions.isError ? 'Failed to load functions' : 'Functions that return trigger.'}>
          {(props) => (
            <Select {...props} value={fn} onChange={(e) => setFn(e.target.value)}>
              <option value="">{functions.isLoading ? 'Loading functions…' : triggerFunctions.length ? 'Choose a function' : 'No trigger functions yet'}</option>
              {triggerFunctions.map((f) => <option key={f.id} value={`${f.schema}.${f.name}`}>{f.schema}.{f.name}</option>)}
            </Select>
          )}
        </Field>
        <Field label="Condition" aside="Optional" description="A WHEN condition, e.g. new.status is distinct from old.status">
          {(props) => <Input {...props} value={condition} onChange={(e) => setCondition(e.target.value)} className="font-mono text-xs" />}
        </Field>
      </div>
    </SidePanel>
  );
}
