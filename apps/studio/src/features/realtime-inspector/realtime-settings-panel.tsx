import { toast } from 'sonner';
import { Action, Resource } from '@plinth/permissions';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SidePanel } from '../../components/ui/side-panel.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useProjectCan } from '../../data/pg-meta/project-permissions.ts';
import { useRealtimeConfigQuery } from '../../data/realtime/realtime-config-query.ts';
import { useRealtimeConfigUpdateMutation } from '../../data/realtime/realtime-config-update-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { limitRows, messagesUsed } from './realtime-limits.ts';

export const REALTIME_SETTINGS_PERMISSION_MESSAGE = 'You need additional permissions to update Realtime settings';

/**
 * Realtime settings (the spec has no Settings > Realtime page, so they live in the inspector):
 * public channels on or off for Owner and Administrator, the plan's limits and this month's use.
 */
export function RealtimeSettingsPanel({ projectRef, onClose }: { projectRef: string; onClose: () => void }) {
  const config = useRealtimeConfigQuery(projectRef);
  const update = useRealtimeConfigUpdateMutation(projectRef);
  const canUpdate = useProjectCan(projectRef, Action.UPDATE, Resource.REALTIME_CONFIG);

  function setPublicAllowed(isAllowed: boolean) {
    update.mutate(
      { private_only: !isAllowed },
      {
        onSuccess: () => toast.success(isAllowed ? 'Public channels are allowed' : 'Only private channels can be joined now'),
        onError: (error) => toast.error(`Failed to update Realtime settings: ${errorMessage(error)}`),
      },
    );
  }

  const data = config.data;
  const used = data ? messagesUsed(data) : null;
  return (
    <SidePanel open onRequestClose={onClose} title="Realtime settings" testId="realtime-settings-panel">
      <div className="space-y-6 px-5 py-5">
        {config.isLoading ? (
          <SkeletonRows rows={4} />
        ) : config.error || !data ? (
          <ErrorState error={config.error} title="Failed to load Realtime settings" onRetry={() => void config.refetch()} />
        ) : (
          <>
            <section className="flex items-start justify-between gap-6" aria-labelledby="realtime-public-label">
              <div className="space-y-1">
                <h3 id="realtime-public-label" className="text-sm font-medium text-fg">
                  Allow public channels
                </h3>
                <p className="text-sm text-fg-muted" id="realtime-public-description">
                  When off, only private channels can be joined, and a join is allowed only by an RLS policy on realtime.messages.
                </p>
              </div>
              <DisabledTooltip content={REALTIME_SETTINGS_PERMISSION_MESSAGE} isDisabled={!canUpdate}>
                <Switch
                  checked={!data.private_only}
                  onChange={setPublicAllowed}
                  disabled={!canUpdate || update.isPending}
                  aria-labelledby="realtime-public-label"
                  aria-describedby="realtime-public-description"
                  data-testid="realtime-public-switch"
                />
              </DisabledTooltip>
            </section>
            <section className="space-y-3" aria-labelledby="realtime-limits-title">
              <div className="space-y-1">
                <h3 id="realtime-limits-title" className="text-sm font-medium text-fg">
                  Limits of your plan
                </h3>
                <p className="text-sm text-fg-muted">Set by the organization's plan; a message over the size limit and messages over the monthly limit are refused.</p>
              </div>
              <dl className="divide-y divide-line rounded-md border border-line" data-testid="realtime-limits">
                {limitRows(data).map((row) => (
                  <div key={row.label} className="flex items-center justify-between gap-4 px-3 py-2 text-sm">
                    <dt className="text-fg-muted">{row.label}</dt>
                    <dd className="font-mono text-fg">{row.value}</dd>
                  </div>
                ))}
                <div className="flex items-center justify-between gap-4 px-3 py-2 text-sm">
                  <dt className="text-fg-muted">Messages this month</dt>
                  <dd className="font-mono text-fg" data-testid="realtime-messages-used">
                    {used?.text}
                  </dd>
                </div>
              </dl>
              {used && used.fraction !== null && (
                <div className="h-1.5 overflow-hidden rounded-full bg-surface-3" role="presentation">
                  <div className={used.fraction >= 0.9 ? 'h-full bg-danger' : 'h-full bg-brand'} style={{ width: `${Math.max(1, used.fraction * 100)}%` }} />
                </div>
              )}
            </section>
          </>
        )}
      </div>
    </SidePanel>
  );
}
