import { useId } from 'react';
import { useFunctionsQuery } from '../../data/functions/functions-query.ts';
import { useSchemaNames } from '../../data/schemas/schemas-query.ts';
import { hookUriBody, type HookDraft } from './settings-specs.ts';
import { SwitchField, TextField } from './fields.tsx';

interface HookFieldProps {
  projectRef: string;
  label: string;
  description: string;
  value: HookDraft;
  onChange: (value: HookDraft) => void;
  error: string | null;
  disabled: boolean;
  testId: string;
}

/**
 * One auth hook: on or off, and the Postgres function it calls, picked from the project's schemas
 * and functions (or typed, e.g. for a function created later in a migration).
 */
export function HookField({ projectRef, label, description, value, onChange, error, disabled, testId }: HookFieldProps) {
  const schemas = useSchemaNames(value.isEnabled ? projectRef : undefined);
  const functions = useFunctionsQuery(value.isEnabled ? projectRef : undefined, value.schema.trim() || undefined);
  const listId = useId();
  const uri = hookUriBody(value);

  return (
    <div className="space-y-3 rounded-md border border-line px-4 py-3.5" data-testid={testId}>
      <SwitchField label={label} description={description} checked={value.isEnabled} onChange={(isEnabled) => onChange({ ...value, isEnabled })} disabled={disabled} testId={`${testId}-switch`} />
      {value.isEnabled && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Schema" value={value.schema} onChange={(schema) => onChange({ ...value, schema })} disabled={disabled} testId={`${testId}-schema`} listId={`${listId}-schemas`} />
            <TextField label="Postgres function" placeholder="custom_access_token_hook" value={value.fn} onChange={(fn) => onChange({ ...value, fn })} disabled={disabled} testId={`${testId}-function`} listId={`${listId}-functions`} />
          </div>
          <datalist id={`${listId}-schemas`}>
            {schemas.names.map((name) => <option key={name} value={name} />)}
          </datalist>
          <datalist id={`${listId}-functions`}>
            {(functions.data ?? []).map((fn) => <option key={fn.id} value={fn.name}>{`${fn.name}(${fn.argument_types}) returns ${fn.return_type}`}</option>)}
          </datalist>
          {error ? (
            <p role="alert" className="text-xs text-danger">{error}</p>
          ) : (
            <p className="text-xs text-fg-subtle">
              Calls <code className="rounded bg-surface-3 px-1 py-0.5 font-mono" data-testid={`${testId}-uri`}>{uri}</code>
            </p>
          )}
        </>
      )}
    </div>
  );
}
