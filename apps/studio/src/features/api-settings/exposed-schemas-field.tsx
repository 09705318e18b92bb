import { useEffect, useState } from 'react';
import { RotateCw } from 'lucide-react';
import { Field, Input } from '../../components/ui/input.tsx';
import { MultiSelect } from '../../components/ui/multi-select.tsx';
import { useSchemaNames } from '../../data/schemas/schemas-query.ts';
import { exposableSchemas, parseSchemaList } from './data-api-form.ts';

interface ExposedSchemasFieldProps {
  projectRef: string;
  value: string[];
  onChange: (schemas: string[]) => void;
  onBlur: () => void;
  error: string | null;
  disabled: boolean;
}

const DESCRIPTION = 'The schemas to expose in your API. Tables, views and stored procedures in these schemas get API endpoints.';

/**
 * Picks from the project's schemas; when they cannot be listed the field falls back to a
 * comma-separated list, so the setting stays editable (the server checks every name).
 */
export function ExposedSchemasField({ projectRef, value, onChange, onBlur, error, disabled }: ExposedSchemasFieldProps) {
  const schemas = useSchemaNames(projectRef);
  const [text, setText] = useState(value.join(', '));
  // Typing "public, " must not be tidied away mid-word; only an outside change (Cancel) rewrites the text.
  useEffect(() => {
    setText((current) => (parseSchemaList(current).join(',') === value.join(',') ? current : value.join(', ')));
  }, [value]);
  if (schemas.isError) {
    return (
      <Field label="Exposed schemas" description={`${DESCRIPTION} Separate them with commas.`} error={error}>
        {(props) => (
          <div className="space-y-2">
            <div className="flex items-center gap-2 text-xs text-danger" role="alert">
              <span>Failed to load schemas</span>
              <button type="button" onClick={schemas.refetch} className="inline-flex items-center gap-1 rounded-md border border-line-strong px-2 py-0.5 text-fg hover:bg-surface-3">
                <RotateCw className="size-3" aria-hidden />
                Reload schemas
              </button>
            </div>
            <Input
              {...props}
              className="font-mono"
              disabled={disabled}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                onChange(parseSchemaList(e.target.value));
              }}
              onBlur={onBlur}
              data-testid="exposed-schemas-input"
            />
          </div>
        )}
      </Field>
    );
  }
  return (
    <Field label="Exposed schemas" description={DESCRIPTION} error={error}>
      {(props) => (
        <div onBlur={onBlur}>
          <MultiSelect
            id={props.id}
            label="Exposed schemas"
            options={exposableSchemas(schemas.names, value)}
            value={value}
            onChange={onChange}
            placeholder={schemas.isLoading ? 'Loading schemas…' : 'Choose the schemas to expose'}
            searchPlaceholder="Find schema..."
            emptyText="No schemas found"
            disabled={disabled}
            invalid={props['aria-invalid']}
            describedBy={props['aria-describedby']}
            testId="exposed-schemas-select"
          />
        </div>
      )}
    </Field>
  );
}
