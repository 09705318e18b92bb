import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import type { ConfigForm } from './use-config-form.ts';

export const NO_UPDATE_PERMISSION = 'You need additional permissions to update auth configuration';

interface ConfigFormPanelProps<D> {
  form: ConfigForm<D>;
  canUpdate: boolean;
  title?: ReactNode;
  description?: ReactNode;
  /** Names the form for assistive technology and tests (`aria-label`). */
  label: string;
  testId: string;
  children: ReactNode;
  /** Without the panel's frame: for a form inside another container (a provider's row). */
  isBare?: boolean;
}

/** A section of the auth configuration: its fields, the server's refusal if any, Cancel and Save. */
export function ConfigFormPanel<D>({ form, canUpdate, title, description, label, testId, children, isBare = false }: ConfigFormPanelProps<D>) {
  function submit(event: FormEvent) {
    event.preventDefault();
    form.save();
  }
  const footer = (
    <>
      {form.isDirty && <span className="mr-auto text-xs text-fg-muted" data-testid={`${testId}-unsaved`}>Unsaved changes</span>}
      <Button variant="outline" disabled={!form.isDirty || form.isSaving} onClick={form.reset}>
        Cancel
      </Button>
      <DisabledTooltip isDisabled={!canUpdate} content={NO_UPDATE_PERMISSION}>
        <Button type="submit" variant="primary" isLoading={form.isSaving} disabled={!canUpdate || !form.isDirty} data-testid={`${testId}-save`}>
          Save
        </Button>
      </DisabledTooltip>
    </>
  );
  const body = (
    <div className="space-y-5">
      {children}
      {form.serverError && (
        <p role="alert" className="rounded-md border border-danger/30 bg-danger/5 px-3 py-2 text-sm text-danger" data-testid={`${testId}-error`}>
          {form.serverError}
        </p>
      )}
    </div>
  );
  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      {isBare ? (
        <div data-testid={testId}>
          {body}
          <div className="mt-5 flex items-center justify-end gap-2 border-t border-line pt-3">{footer}</div>
        </div>
      ) : (
        <Panel title={title} description={description} footer={footer} testId={testId}>
          {body}
        </Panel>
      )}
    </form>
  );
}
