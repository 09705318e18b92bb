import { useId } from 'react';
import { AlertCircle } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { Field, Input, Textarea } from '../../../components/ui/input.tsx';
import { POLICY_COMMANDS, type PolicyCommand } from '../../../data/pg-meta/types.ts';
import { capName, nameLength, POLICY_NAME_MAX_LENGTH, takesCheck, takesUsing, withCommand, type PolicyFormValues } from '../policy-form.ts';
import { RolesPicker } from './roles-picker.tsx';

interface EditorViewProps {
  projectRef: string;
  target: { schema: string; table: string };
  values: PolicyFormValues;
  onChange: (values: PolicyFormValues) => void;
  /** Editing cannot change the command (spec §5). */
  isCommandLocked: boolean;
  /** The current validation notice (shown for 4000 ms by the panel). */
  notice: string | null;
}

const expressionClasses = 'min-h-24 font-mono text-xs leading-relaxed';

/** The policy form: name with its 63-character counter, command, roles, USING and WITH CHECK. */
export function EditorView({ projectRef, target, values, onChange, isCommandLocked, notice }: EditorViewProps) {
  const rolesLabelId = useId();
  const commandLabelId = useId();
  const showUsing = takesUsing(values.command);
  const showCheck = takesCheck(values.command);

  return (
    <div className="space-y-5 px-5 py-5" data-testid="policy-view-editor">
      {notice && (
        <div role="alert" className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-warning" data-testid="policy-validation-notice">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {notice}
        </div>
      )}
      <Field label="Policy name" aside={`${nameLength(values.name)}/${POLICY_NAME_MAX_LENGTH}`}>
        {(props) => (
          <Input
            {...props}
            autoFocus
            value={values.name}
            onChange={(e) => onChange({ ...values, name: capName(e.target.value) })}
            placeholder="Policy name"
            data-testid="policy-name-input"
          />
        )}
      </Field>

      <div className="grid grid-cols-2 gap-4 text-sm">
        <div className="space-y-1">
          <p className="font-medium text-fg">Table</p>
          <p className="font-mono text-xs text-fg-muted">
            on {target.schema}.{target.table}
          </p>
        </div>
        <div className="space-y-1">
          <p className="font-medium text-fg">Policy behavior</p>
          <p className="font-mono text-xs text-fg-muted">as PERMISSIVE</p>
        </div>
      </div>

      <fieldset className="space-y-2">
        <legend id={commandLabelId} className="text-sm font-medium text-fg">
          Policy command
        </legend>
        <div role="radiogroup" aria-labelledby={commandLabelId} className="flex flex-wrap gap-2">
          {POLICY_COMMANDS.map((command) => (
            <CommandOption
              key={command}
              command={command}
              isChecked={values.command === command}
              isDisabled={isCommandLocked && values.command !== command}
              onSelect={() => onChange(withCommand(values, command))}
            />
          ))}
        </div>
        {isCommandLocked && <p className="text-xs text-fg-subtle">The command of an existing policy cannot be changed.</p>}
      </fieldset>

      <div className="space-y-2">
        <p id={rolesLabelId} className="text-sm font-medium text-fg">
          Target roles
        </p>
        <RolesPicker projectRef={projectRef} value={values.roles} onChange={(roles) => onChange({ ...values, roles })} labelledBy={rolesLabelId} />
        <p className="text-xs text-fg-subtle">Defaults to all (public) roles if none selected</p>
      </div>

      {showUsing && (
        <Field label="USING expression" description="Rows for which this expression is true are visible to (or changeable by) the roles above.">
          {(props) => (
            <Textarea
              {...props}
              spellCheck={false}
              className={expressionClasses}
              value={values.definition}
              onChange={(e) => onChange({ ...values, definition: e.target.value })}
              placeholder="(select auth.uid()) = user_id"
              data-testid="policy-using-input"
            />
          )}
        </Field>
      )}
      {showCheck && (
        <Field label="WITH CHECK expression" description="New and changed rows must make this expression true.">
          {(props) => (
            <Textarea
              {...props}
              spellCheck={false}
              className={expressionClasses}
              value={values.check}
              onChange={(e) => onChange({ ...values, check: e.target.value })}
              placeholder="(select auth.uid()) = user_id"
              data-testid="policy-check-input"
            />
          )}
        </Field>
      )}
    </div>
  );
}

function CommandOption({ command, isChecked, isDisabled, onSelect }: { command: PolicyCommand; isChecked: boolean; isDisabled: boolean; onSelect: () => void }) {
  return (
    <label
      className={cn(
        'inline-flex cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 font-mono text-xs',
        isChecked ? 'border-brand/60 bg-brand/10 text-fg' : 'border-line-strong bg-surface-2 text-fg-muted',
        isDisabled && 'cursor-not-allowed opacity-50',
        'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand/40',
      )}
    >
      <input type="radio" name="policy-command" value={command} className="sr-only" checked={isChecked} disabled={isDisabled} onChange={onSelect} />
      {command}
    </label>
  );
}
