import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { exposedSchemasOf, usePostgrestConfigQuery, type PostgrestConfig } from '../../data/api-settings/postgrest-config-query.ts';
import { usePostgrestConfigUpdateMutation } from '../../data/api-settings/postgrest-config-update-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { validateDataApiForm, type DataApiForm } from './data-api-form.ts';
import { ExposedSchemasField } from './exposed-schemas-field.tsx';

function formOf(config: PostgrestConfig | undefined): DataApiForm {
  return { schemas: exposedSchemasOf(config), maxRows: String(config?.max_rows ?? ''), isPlanEnabled: config?.db_plan_enabled ?? false };
}

/** Exposed schemas, max rows and query plans of the project's REST API. */
export function DataApiSettingsPanel({ projectRef, canUpdate }: { projectRef: string; canUpdate: boolean }) {
  const config = usePostgrestConfigQuery(projectRef);
  const update = usePostgrestConfigUpdateMutation(projectRef);
  const [form, setForm] = useState<DataApiForm>(() => formOf(config.data));
  const [touched, setTouched] = useState({ schemas: false, maxRows: false });
  const [serverError, setServerError] = useState<string | null>(null);
  // A refetch must not wipe what the user is typing; only a new server value resets the form.
  useEffect(() => setForm(formOf(config.data)), [config.data]);

  const errors = validateDataApiForm(form);
  const saved = formOf(config.data);
  const isDirty = form.schemas.join(',') !== saved.schemas.join(',') || form.maxRows.trim() !== saved.maxRows || form.isPlanEnabled !== saved.isPlanEnabled;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ schemas: true, maxRows: true });
    if (errors.schemas || errors.maxRows || !isDirty) return;
    setServerError(null);
    update.mutate(
      { db_schema: form.schemas.join(','), max_rows: Number(form.maxRows), db_plan_enabled: form.isPlanEnabled },
      {
        onSuccess: () => toast.success('Successfully saved settings'),
        onError: (e) => {
          setServerError(errorMessage(e));
          toast.error(`Failed to update API settings: ${errorMessage(e)}`);
        },
      },
    );
  }

  const reason = canUpdate ? null : 'You need additional permissions to update API settings';
  return (
    <form onSubmit={submit} noValidate aria-label="Data API settings">
      <Panel
        title="Data API Settings"
        description="What the project's REST API exposes, how many rows one request may read, and whether it explains its queries."
        testId="data-api-settings-panel"
        footer={
          config.data && (
            <>
              <Button variant="outline" disabled={!isDirty || update.isPending} onClick={() => { setForm(saved); setServerError(null); }}>
                Cancel
              </Button>
              <DisabledTooltip isDisabled={!!reason} content={reason}>
                <Button type="submit" variant="primary" isLoading={update.isPending} disabled={!!reason || !isDirty} data-testid="save-data-api-settings">
                  Save
                </Button>
              </DisabledTooltip>
            </>
          )
        }
      >
        {config.isPending ? (
          <SkeletonRows rows={3} />
        ) : config.isError ? (
          <ErrorState error={config.error} title="Failed to retrieve configuration" onRetry={() => void config.refetch()} />
        ) : (
          <div className="space-y-5">
            <ExposedSchemasField
              projectRef={projectRef}
              value={form.schemas}
              onChange={(schemas) => setForm((f) => ({ ...f, schemas }))}
              onBlur={() => setTouched((t) => ({ ...t, schemas: true }))}
              error={touched.schemas ? errors.schemas : null}
              disabled={!canUpdate}
            />
            <Field
              label="Max rows"
              description="The most rows a view, table or stored procedure returns per request. Limits payload size for accidental or malicious requests."
              error={touched.maxRows ? errors.maxRows : null}
            >
              {(props) => (
                <Input
                  {...props}
                  inputMode="numeric"
                  className="max-w-48"
                  disabled={!canUpdate}
                  value={form.maxRows}
                  onChange={(e) => setForm((f) => ({ ...f, maxRows: e.target.value }))}
                  onBlur={() => setTouched((t) => ({ ...t, maxRows: true }))}
                  data-testid="max-rows-input"
                />
              )}
            </Field>
            <Field
              label="Enable query plans (explain)"
              description="Lets any API caller ask for a query's execution plan (supabase-js .explain()), which shows your tables' sizes, indexes and costs. Turn on while tuning, not in production."
            >
              {({ id, 'aria-describedby': describedBy }) => (
                <Switch
                  id={id}
                  aria-describedby={describedBy}
                  checked={form.isPlanEnabled}
                  onChange={(isPlanEnabled) => setForm((f) => ({ ...f, isPlanEnabled }))}
                  disabled={!canUpdate}
                  data-testid="plan-enabled-switch"
                />
              )}
            </Field>
            {serverError && (
              <p role="alert" className="rounded-md border border-danger/30 bg-danger/5 px-3 py-2 text-sm text-danger" data-testid="data-api-settings-error">
                {serverError}
              </p>
            )}
          </div>
        )}
      </Panel>
    </form>
  );
}
