import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input, Select } from '../../components/ui/input.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import type { DatabaseSettings } from '../../data/database-settings/database-settings-query.ts';
import { usePoolerConfigUpdateMutation } from '../../data/database-settings/pooler-config-update-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

type PoolMode = 'transaction' | 'session';

/** The main pooler port's mode and how many server connections the pool keeps. */
export function PoolSettingsPanel({ projectRef, settings, readOnlyReason }: { projectRef: string; settings: DatabaseSettings; readOnlyReason: string | null }) {
  const main = settings.pooler[0];
  const update = usePoolerConfigUpdateMutation(projectRef);
  const [mode, setMode] = useState<PoolMode>(main?.pool_mode ?? 'transaction');
  const [size, setSize] = useState(String(main?.default_pool_size ?? ''));
  useEffect(() => {
    setMode(main?.pool_mode ?? 'transaction');
    setSize(String(main?.default_pool_size ?? ''));
  }, [main?.pool_mode, main?.default_pool_size]);
  if (!main) return null;

  const max = main.max_client_conn ?? 200;
  const sizeNumber = Number(size);
  const sizeError = !Number.isInteger(sizeNumber) || sizeNumber < 1 || sizeNumber > Math.min(max, 200) ? `Pool size must be a whole number from 1 to ${Math.min(max, 200)}` : null;
  const isDirty = mode !== main.pool_mode || sizeNumber !== main.default_pool_size;
  const isEmbedded = settings.engine === 'embedded';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (sizeError || !isDirty) return;
    update.mutate(
      { pool_mode: mode, default_pool_size: sizeNumber },
      { onSuccess: () => toast.success('Successfully saved settings'), onError: (e) => toast.error(`Failed to update pooler settings: ${errorMessage(e)}`) },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Connection pooling configuration">
      <Panel
        title="Connection pooling configuration"
        description={`The pooler accepts up to ${main.max_client_conn ?? 'an unlimited number of'} client connections on this plan.`}
        testId="pool-settings-panel"
        footer={
          <DisabledTooltip isDisabled={!!readOnlyReason} content={readOnlyReason}>
            <Button type="submit" variant="primary" disabled={!!readOnlyReason || !isDirty || !!sizeError} isLoading={update.isPending} data-testid="save-pool-settings">
              Save
            </Button>
          </DisabledTooltip>
        }
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Pool mode" description={isEmbedded ? 'The embedded engine has one session per project: transaction mode only.' : 'Mode of the main pooler port; the session port is always in session mode.'}>
            {(props) => (
              <Select {...props} value={mode} disabled={!!readOnlyReason || isEmbedded} onChange={(e) => setMode(e.target.value as PoolMode)} data-testid="pool-mode">
                <option value="transaction">Transaction</option>
                <option value="session">Session</option>
              </Select>
            )}
          </Field>
          <Field label="Pool size" error={sizeError} description="Server connections the pooler keeps for this project.">
            {(props) => <Input {...props} type="number" min={1} value={size} disabled={!!readOnlyReason} onChange={(e) => setSize(e.target.value)} data-testid="pool-size" />}
          </Field>
        </div>
      </Panel>
    </form>
  );
}
