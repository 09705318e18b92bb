import { toast } from 'sonner';
import { Panel } from '../../components/ui/panel.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useSslEnforcementMutation } from '../../data/database-settings/ssl-enforcement-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

const NO_TLS = 'The pooler has no TLS certificate: set PLINTH_POOLER_TLS_CERT and PLINTH_POOLER_TLS_KEY on the platform to enforce SSL.';

/** Whether the pooler refuses connections that do not use TLS. */
export function SslEnforcementPanel({ projectRef, isEnforced, isTlsAvailable, readOnlyReason }: { projectRef: string; isEnforced: boolean; isTlsAvailable: boolean; readOnlyReason: string | null }) {
  const update = useSslEnforcementMutation(projectRef);
  // Turning it off stays possible without a certificate; only turning it on needs one.
  const reason = readOnlyReason ?? (!isTlsAvailable && !isEnforced ? NO_TLS : null);
  return (
    <Panel title="SSL Configuration" testId="ssl-panel">
      <div className="flex items-start justify-between gap-6">
        <div className="space-y-1">
          <label htmlFor="ssl-enforced" className="text-sm font-medium text-fg">Enforce SSL on incoming connections</label>
          <p className="text-xs text-fg-muted">Reject non-SSL connections to your database through the pooler.</p>
          {!isTlsAvailable && <p className="text-xs text-warning" data-testid="ssl-unavailable">{NO_TLS}</p>}
        </div>
        <DisabledTooltip isDisabled={!!reason} content={reason}>
          <Switch
            id="ssl-enforced"
            checked={isEnforced}
            disabled={!!reason || update.isPending}
            onChange={(next) =>
              update.mutate(next, {
                onSuccess: () => toast.success(next ? 'SSL is now enforced' : 'SSL is no longer enforced'),
                onError: (e) => toast.error(`Failed to update SSL enforcement: ${errorMessage(e)}`),
              })
            }
          />
        </DisabledTooltip>
      </div>
    </Panel>
  );
}
