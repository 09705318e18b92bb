import { useEffect, useState, type FormEvent } from 'react';
import { Button } from './button.tsx';
import { CopyButton } from './copy-button.tsx';
import { Field, Input } from './input.tsx';
import { Panel } from './panel.tsx';
import { DisabledTooltip } from './tooltip.tsx';

const MAX_NAME_LENGTH = 64;

export interface RenamePanelProps {
  title: string;
  /** 'organization' or 'project': used in labels and messages. */
  noun: string;
  currentName: string;
  identifier: { label: string; value: string; description?: string };
  canUpdate: boolean;
  isSaving: boolean;
  /** Saves the trimmed name; the caller toasts success or failure. */
  onSave(name: string): void;
  testId: string;
}

/** The "name + read-only identifier" settings panel shared by organisations and projects. */
export function RenamePanel({ title, noun, currentName, identifier, canUpdate, isSaving, onSave, testId }: RenamePanelProps) {
  const [name, setName] = useState(currentName);
  const [isTouched, setIsTouched] = useState(false);
  useEffect(() => setName(currentName), [currentName]);
  const error = !name.trim()
    ? `Please provide a${/^[aeiou]/.test(noun) ? 'n' : ''} ${noun} name`
    : name.trim().length > MAX_NAME_LENGTH
      ? `${noun[0].toUpperCase()}${noun.slice(1)} name must be at most ${MAX_NAME_LENGTH} characters`
      : null;
  const isDirty = name.trim() !== currentName;

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsTouched(true);
    if (!error && isDirty) onSave(name.trim());
  }

  return (
    <form onSubmit={submit} noValidate aria-label={title}>
      <Panel
        title={title}
        footer={
          <>
            <Button variant="outline" disabled={!isDirty || isSaving} onClick={() => setName(currentName)}>
              Cancel
            </Button>
            <DisabledTooltip isDisabled={!canUpdate} content={`You need additional permissions to update this ${noun}`}>
              <Button type="submit" variant="primary" isLoading={isSaving} disabled={!canUpdate || !isDirty} data-testid={testId}>
                Save
              </Button>
            </DisabledTooltip>
          </>
        }
      >
        <div className="grid gap-5 md:grid-cols-2">
          <Field label={`${noun[0].toUpperCase()}${noun.slice(1)} name`} error={isTouched ? error : null}>
            {(props) => (
              <Input {...props} name="name" value={name} disabled={!canUpdate} onChange={(e) => setName(e.target.value)} onBlur={() => setIsTouched(true)} />
            )}
          </Field>
          <Field label={identifier.label} description={identifier.description}>
            {(props) => (
              <div className="flex gap-2">
                <Input {...props} value={identifier.value} readOnly className="font-mono" />
                <CopyButton value={identifier.value} />
              </div>
            )}
          </Field>
        </div>
      </Panel>
    </form>
  );
}
