import { nameLength } from '../../policies/policy-form.ts';
import { useId } from 'react';
import { Info } from 'lucide-react';
import { Field, Input, Textarea } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { RolesPicker } from '../../policies/editor/roles-picker.tsx';
import {
  allowedClientMethods, capStoragePolicyName, STORAGE_CLIENT_OPERATIONS, STORAGE_POLICY_NAME_MAX_LENGTH, STORAGE_POLICY_OPERATIONS, toggleOperation,
  type StoragePolicyFormValues,
} from '../storage-policy-form.ts';

interface StoragePolicyFormViewProps {
  projectRef: string;
  values: StoragePolicyFormValues;
  onChange: (values: StoragePolicyFormValues) => void;
  /** The review check that failed, shown as an info notice until the next change. */
  notice: string | null;
}

/** Name (50 characters), allowed operations with the client methods they allow, roles, definition. */
export function StoragePolicyFormView({ projectRef, values, onChange, notice }: StoragePolicyFormViewProps) {
  const operationsLabelId = useId();
  const rolesLabelId = useId();
  const allowed = allowedClientMethods(values.allowedOperations);

  return (
    <div className="space-y-5 px-5 py-5" data-testid="storage-policy-view-editor">
      {notice && (
        <div role="alert" className="flex items-start gap-2 rounded-md border border-info/40 bg-info/10 px-3 py-2 text-sm text-info" data-testid="storage-policy-notice">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          {notice}
        </div>
      )}
      <Field label="Policy name" aside={`${nameLength(values.name)}/${STORAGE_POLICY_NAME_MAX_LENGTH}`}>
        {(props) => (
          <Input
            {...props}
            autoFocus
            value={values.name}
            onChange={(e) => onChange({ ...values, name: capStoragePolicyName(e.target.value) })}
            placeholder="Policy name"
            data-testid="storage-policy-name-input"
          />
        )}
      </Field>

      <fieldset className="space-y-2">
        <legend id={operationsLabelId} className="text-sm font-medium text-fg">
          Allowed operation
        </legend>
        <p className="text-xs text-fg-subtle">A policy is created for each operation you tick. The highlighted client library methods are then allowed.</p>
        <div role="group" aria-labelledby={operationsLabelId} className="flex flex-wrap gap-2">
          {STORAGE_POLICY_OPERATIONS.map((operation) => (
            <label
              key={operation}
              className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-line-strong bg-surface-2 px-3 py-1.5 font-mono text-xs text-fg has-[:checked]:border-brand/60 has-[:checked]:bg-brand/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand/40"
            >
              <input
                type="checkbox"
                className="accent-brand"
                checked={values.allowedOperations.includes(operation)}
                onChange={() => onChange({ ...values, allowedOperations: toggleOperation(values.allowedOperations, operation) })}
              />
              {operation}
            </label>
          ))}
        </div>
        <ul className="flex flex-wrap gap-1.5 pt-1" aria-label="Client library methods" data-testid="storage-policy-client-methods">
          {Object.keys(STORAGE_CLIENT_OPERATIONS).map((method) => (
            <li key={method} data-allowed={allowed.includes(method)}>
              {/* Not a Badge: method names keep their case. */}
              <code
                className={cn(
                  'inline-flex rounded-full border px-2 py-0.5 font-mono text-[11px]',
                  allowed.includes(method) ? 'border-brand/40 bg-brand/15 text-brand' : 'border-line-strong bg-surface-3 text-fg-subtle',
                )}
              >
                {method}
              </code>
            </li>
          ))}
        </ul>
      </fieldset>

      <div className="space-y-2">
        <p id={rolesLabelId} className="text-sm font-medium text-fg">
          Target roles
        </p>
        <RolesPicker projectRef={projectRef} value={values.roles} onChange={(roles) => onChange({ ...values, roles })} labelledBy={rolesLabelId} />
        <p className="text-xs text-fg-subtle">Defaults to all (public) roles if none selected</p>
      </div>

      <Field label="Policy definition" description="A SQL expression that returns a boolean: true allows the operation on the file.">
        {(props) => (
          <Textarea
            {...props}
            spellCheck={false}
            className="min-h-28 font-mono text-xs leading-relaxed"
            value={values.definition}
            onChange={(e) => onChange({ ...values, definition: e.target.value })}
            placeholder="bucket_id = 'avatars'"
            data-testid="storage-policy-definition-input"
          />
        )}
      </Field>
    </div>
  );
}
