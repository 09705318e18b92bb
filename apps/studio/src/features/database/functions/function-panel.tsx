import { useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, Select, Textarea } from '../../../components/ui/input.tsx';
import { SidePanel } from '../../../components/ui/side-panel.tsx';
import { FUNCTION_BEHAVIORS, type PgFunction } from '../../../data/pg-meta/types.ts';
import { useFunctionCreateMutation } from '../../../data/functions/function-create-mutation.ts';
import { useFunctionUpdateMutation } from '../../../data/functions/function-update-mutation.ts';
import { errorMessage } from '../../../lib/api.ts';
import { ColumnTypeInput } from '../tables/column-type-input.tsx';
import { EMPTY_FUNCTION, formFromFunction, functionChanges, functionCreateBody, functionProblem, newArg, type FunctionFormValues } from './function-form.ts';

const LANGUAGES = ['plpgsql', 'sql'];

/** Create or edit a database function; the definition is a monospace editor (the SQL editor owns CodeMirror). */
export function FunctionPanel({ projectRef, schema, fn, onClose }: { projectRef: string; schema: string; fn: PgFunction | null; onClose: () => void }) {
  const [values, setValues] = useState<FunctionFormValues>(() => (fn ? formFromFunction(fn) : { ...EMPTY_FUNCTION, args: [] }));
  const [error, setError] = useState<string | null>(null);
  const create = useFunctionCreateMutation(projectRef);
  const update = useFunctionUpdateMutation(projectRef);
  const isSaving = create.isPending || update.isPending;
  const set = (patch: Partial<FunctionFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const languages = [...new Set([...LANGUAGES, values.language])];

  function save() {
    const problem = functionProblem(values);
    if (problem) return setError(problem);
    setError(null);
    const onError = (err: unknown) => setError(`Failed to ${fn ? 'update' : 'create'} function: ${errorMessage(err)}`);
    const onSuccess = () => {
      toast.success(`Successfully ${fn ? 'updated' : 'created'} function "${values.name}"`);
      onClose();
    };
    if (!fn) return create.mutate(functionCreateBody(values, schema), { onSuccess, onError });
    const changes = functionChanges(fn, values);
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate({ id: fn.id, changes }, { onSuccess, onError });
  }

  return (
    <SidePanel open size="large" onRequestClose={() => !isSaving && onClose()} testId="function-panel"
      title={fn ? `Edit '${fn.name}'` : `Add a new function to ${schema}`}
      footer={<><Button variant="outline" onClick={onClose} disabled={isSaving}>Cancel</Button><Button variant="primary" onClick={save} isLoading={isSaving}>{fn ? 'Save function' : 'Create function'}</Button></>}>
      <div className="space-y-5 px-5 py-5">
        {error && <p role="alert" className="rounded-md border border-danger/30 bg-danger/5 px-3 py-2 text-sm text-danger">{error}</p>}
        <Field label="Name of function">
          {(props) => <Input {...props} autoFocus value={values.name} onChange={(e) => set({ name: e.target.value })} className="font-mono" />}
        </Field>
        <div className="space-y-2">
          <div className="flex items-center justify-between">
            <h3 className="text-sm font-medium text-fg">Arguments</h3>
            <Button size="sm" variant="outline" icon={<Plus className="size-3.5" />} onClick={() => set({ args: [...values.args, newArg()] })}>Add a new argument</Button>
          </div>
          {values.args.length === 0 && <p className="text-xs text-fg-subtle">The function takes no arguments.</p>}
          {values.args.map((arg) => (
            <div key={arg.key} className="grid grid-cols-[1fr_1fr_auto] gap-2">
              <Input aria-label="Argument name" value={arg.name} placeholder="argument_name" className="h-8 font-mono text-xs"
                onChange={(e) => set({ args: values.args.map((a) => (a.key === arg.key ? { ...a, name: e.target.value } : a)) })} />
              <ColumnTypeInput aria-label="Argument type" value={arg.type} className="h-8 font-mono text-xs"
                onChange={(e) => set({ args: values.args.map((a) => (a.key === arg.key ? { ...a, type: e.target.value } : a)) })} />
              <Button size="sm" variant="ghost" icon={<Trash2 className="size-3.5" />} aria-label={`Remove argument ${arg.name}`} onClick={() => set({ args: values.args.filter((a) => a.key !== arg.key) })} />
            </div>
          ))}
          {fn && <p className="text-xs text-fg-subtle">Changing the arguments replaces the function (drop and create) in one transaction.</p>}
        </div>
        <div className="grid grid-cols-3 gap-4">
          <Field label="Return type">{(props) => <ColumnTypeInput {...props} value={values.returnType} onChange={(e) => set({ returnType: e.target.value })} className="font-mono" />}</Field>
          <Field label="Language">
            {(props) => <Select {...props} value={values.language} onChange={(e) => set({ language: e.target.value })}>{languages.map((l) => <option key={l} value={l}>{l}</option>)}</Select>}
          </Field>
          <Field label="Behavior">
            {(props) => (
              <Select {...props} value={values.behavior} onChange={(e) => set({ behavior: FUNCTION_BEHAVIORS.find((b) => b === e.target.value) ?? 'VOLATILE' })}>
                {FUNCTION_BEHAVIORS.map((b) => <option key={b} value={b}>{b}</option>)}
              </Select>
            )}
          </Field>
        </div>
        <Field label="Definition" description="The function body; it is dollar-quoted, so quotes and semicolons need no escaping.">
          {(props) => <Textarea {...props} spellCheck={false} value={values.definition} onChange={(e) => set({ definition: e.target.value })} className="min-h-64 font-mono text-xs" data-testid="function-definition" />}
        </Field>
        <label className="flex items-start gap-3 text-sm">
          <input type="checkbox" className="mt-0.5 accent-brand" checked={values.securityDefiner} onChange={(e) => set({ securityDefiner: e.target.checked })} />
          <span><span className="font-medium text-fg">Security definer</span><span className="block text-xs text-fg-muted">Runs with the privileges of the function's owner rather than the caller. Use with care.</span></span>
        </label>
        <Field label="Description" aside="Optional">{(props) => <Input {...props} value={values.comment} onChange={(e) => set({ comment: e.target.value })} />}</Field>
      </div>
    </SidePanel>
  );
}
