import { useRef, useState, type ClipboardEvent, type FormEvent } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { useFunctionSecretsCreateMutation } from '../../data/function-secrets/secrets-create-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { draftErrors, hasErrors, parseEnvText, type SecretDraft } from './secret-form.ts';
import { SecretValueInput } from './secret-value-input.tsx';

interface AddSecretsFormProps {
  projectRef: string;
  /** Names already saved: a row with one of them replaces its value, and says so. */
  existingNames: ReadonlySet<string>;
}

/** Adds one or more secrets in one call; pasting `NAME=value` lines into a name fills a row each. */
export function AddSecretsForm({ projectRef, existingNames }: AddSecretsFormProps) {
  const nextId = useRef(1);
  const emptyDraft = (): SecretDraft => ({ id: nextId.current++, name: '', value: '' });
  const [drafts, setDrafts] = useState<SecretDraft[]>(() => [emptyDraft()]);
  const [isTouched, setIsTouched] = useState(false);
  const create = useFunctionSecretsCreateMutation(projectRef);
  const errors = draftErrors(drafts);
  const isBlank = drafts.every((draft) => draft.name === '' && draft.value === '');

  function change(id: number, patch: Partial<SecretDraft>) {
    setDrafts((current) => current.map((draft) => (draft.id === id ? { ...draft, ...patch } : draft)));
  }

  function pasteIntoName(id: number, event: ClipboardEvent<HTMLInputElement>) {
    const entries = parseEnvText(event.clipboardData.getData('text'));
    if (!entries) return;
    event.preventDefault();
    setDrafts((current) => {
      const pasted = entries.map((entry) => ({ id: nextId.current++, ...entry }));
      const at = current.findIndex((draft) => draft.id === id);
      // The row pasted into gives way to the pasted rows when it was still empty.
      const keep = current[at].name === '' && current[at].value === '' ? 0 : 1;
      return [...current.slice(0, at + keep), ...pasted, ...current.slice(at + 1)];
    });
  }

  function reset() {
    setDrafts([emptyDraft()]);
    setIsTouched(false);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsTouched(true);
    if (hasErrors(errors)) return;
    create.mutate(
      drafts.map(({ name, value }) => ({ name, value })),
      {
        onSuccess: () => {
          toast.success(drafts.length === 1 ? `Successfully saved secret ${drafts[0].name}` : `Successfully saved ${drafts.length} secrets`);
          reset();
        },
        onError: (error) => toast.error(`Failed to save secrets: ${errorMessage(error)}`),
      },
    );
  }

  const footer = (
    <>
      <Button variant="outline" onClick={reset} disabled={isBlank || create.isPending}>
        Cancel
      </Button>
      <Button type="submit" variant="primary" isLoading={create.isPending} data-testid="secrets-save">
        Save
      </Button>
    </>
  );

  return (
    <form onSubmit={submit} noValidate>
      <Panel title="Add new secrets" description="Paste NAME=value lines (a .env file) into a name to fill several rows at once." footer={footer} testId="secrets-add-form">
        <div className="space-y-4">
          {drafts.map((draft, index) => (
            <div key={draft.id} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_2rem] items-start gap-3" data-testid="secret-draft">
              <Field
                label="Name"
                error={isTouched ? errors[index].name : null}
                description={existingNames.has(draft.name) ? 'Saving replaces the value of this existing secret.' : undefined}
              >
                {(props) => (
                  <Input
                    {...props}
                    value={draft.name}
                    placeholder="e.g. STRIPE_SECRET_KEY"
                    autoComplete="off"
                    spellCheck={false}
                    className="font-mono"
                    onChange={(e) => change(draft.id, { name: e.target.value })}
                    onPaste={(e) => pasteIntoName(draft.id, e)}
                    data-testid="secret-name-input"
                  />
                )}
              </Field>
              <Field label="Value" error={isTouched ? errors[index].value : null}>
                {(props) => <SecretValueInput {...props} value={draft.value} onChange={(value) => change(draft.id, { value })} testId="secret-value-input" />}
              </Field>
              <Button
                variant="ghost"
                size="sm"
                className="mt-7"
                aria-label={`Remove row ${index + 1}`}
                icon={<Trash2 className="size-3.5" />}
                disabled={drafts.length === 1}
                onClick={() => setDrafts((current) => current.filter((entry) => entry.id !== draft.id))}
              />
            </div>
          ))}
          <Button variant="outline" size="sm" icon={<Plus className="size-3.5" />} onClick={() => setDrafts((current) => [...current, emptyDraft()])} data-testid="secrets-add-row">
            Add another
          </Button>
        </div>
      </Panel>
    </form>
  );
}
