import { useId, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input, Select } from '../../components/ui/input.tsx';
import { Switch } from '../../components/ui/switch.tsx';

interface BaseFieldProps {
  label: ReactNode;
  description?: ReactNode;
  error?: string | null;
  disabled?: boolean;
  testId?: string;
}

interface TextFieldProps extends BaseFieldProps {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  type?: 'text' | 'email' | 'url';
  className?: string;
  /** Text after the box, such as the unit of a number ("seconds"). */
  suffix?: ReactNode;
  inputMode?: 'text' | 'numeric' | 'email' | 'url';
  /** The id of a <datalist> of suggestions. */
  listId?: string;
}

export function TextField({ label, description, error, disabled, testId, value, onChange, placeholder, type = 'text', className, suffix, inputMode, listId }: TextFieldProps) {
  return (
    <Field label={label} description={description} error={error}>
      {(props) => (
        <div className="flex items-center gap-2">
          <Input
            {...props}
            type={type}
            inputMode={inputMode}
            list={listId}
            className={className}
            disabled={disabled}
            value={value}
            placeholder={placeholder}
            spellCheck={false}
            onChange={(event) => onChange(event.target.value)}
            data-testid={testId}
          />
          {suffix && <span className="shrink-0 text-sm text-fg-muted">{suffix}</span>}
        </div>
      )}
    </Field>
  );
}

/** A whole number edited as text, so a half-typed value is kept and the rules can explain it. */
export function NumberField(props: Omit<TextFieldProps, 'type' | 'inputMode'>) {
  return <TextField {...props} inputMode="numeric" className={props.className ?? 'max-w-40'} />;
}

interface SwitchFieldProps extends BaseFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** A setting turned on or off: label and explanation on the left, the switch on the right. */
export function SwitchField({ label, description, error, disabled, testId, checked, onChange }: SwitchFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? description;
  return (
    <div className="flex items-start justify-between gap-6">
      <div className="min-w-0 space-y-1">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        {message && (
          <p id={messageId} role={error ? 'alert' : undefined} className={error ? 'text-xs text-danger' : 'text-xs text-fg-subtle'}>
            {message}
          </p>
        )}
      </div>
      <Switch id={id} aria-describedby={message ? messageId : undefined} className="mt-0.5" checked={checked} onChange={onChange} disabled={disabled} data-testid={testId} />
    </div>
  );
}

interface SelectFieldProps<T extends string> extends BaseFieldProps {
  value: T;
  onChange: (value: T) => void;
  options: readonly { value: T; label: string }[];
}

export function SelectField<T extends string>({ label, description, error, disabled, testId, value, onChange, options }: SelectFieldProps<T>) {
  return (
    <Field label={label} description={description} error={error}>
      {(props) => (
        <Select {...props} className="max-w-md" disabled={disabled} value={value} onChange={(event) => onChange(event.target.value as T)} data-testid={testId}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

interface SecretInputProps extends BaseFieldProps {
  /** Whether the server holds one (`secrets_set`): secrets are never read back. */
  isSet: boolean;
  /** '' keeps the stored secret, null removes it, anything else replaces it. */
  value: string | null;
  onChange: (value: string | null) => void;
}

/** A write-only secret: typed to replace, left empty to keep, removed on request. */
export function SecretInput({ label, description, error, disabled, testId, isSet, value, onChange }: SecretInputProps) {
  const isRemoving = value === null;
  const placeholder = isRemoving ? 'Removed when you save' : isSet ? 'Stored: leave empty to keep it, or type a new one' : 'Not set';
  return (
    <Field label={label} description={description} error={error}>
      {(props) => (
        <div className="flex items-center gap-2">
          <Input
            {...props}
            type="password"
            autoComplete="new-password"
            disabled={disabled || isRemoving}
            value={value ?? ''}
            placeholder={placeholder}
            onChange={(event) => onChange(event.target.value)}
            data-testid={testId}
            data-secret-state={isRemoving ? 'removing' : isSet ? 'set' : 'unset'}
          />
          {isSet && !disabled && (
            <Button size="sm" variant="outline" onClick={() => onChange(isRemoving ? '' : null)} data-testid={testId && `${testId}-remove`}>
              {isRemoving ? 'Keep' : 'Remove'}
            </Button>
          )}
        </div>
      )}
    </Field>
  );
}
