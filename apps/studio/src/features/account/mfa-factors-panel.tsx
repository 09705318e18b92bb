import { useState } from 'react';
import { toast } from 'sonner';
import { Plus, Smartphone, Trash2 } from 'lucide-react';
import type { Factor } from '@supabase/auth-js';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { useMfaFactorsQuery } from '../../data/auth/mfa-factors-query.ts';
import { useMfaUnenrollMutation } from '../../data/auth/mfa-unenroll-mutation.ts';
import { useSessionQuery } from '../../data/auth/session-query.ts';
import { errorMessage } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { TotpEnrollDialog } from './totp-enroll-dialog.tsx';

export function MfaFactorsPanel() {
  const session = useSessionQuery();
  const factors = useMfaFactorsQuery(session.data?.user.id);
  const unenroll = useMfaUnenrollMutation();
  const [isEnrolling, setIsEnrolling] = useState(false);
  const [toRemove, setToRemove] = useState<Factor | null>(null);

  function confirmRemove() {
    if (!toRemove) return;
    unenroll.mutate(toRemove.id, {
      onSuccess: () => {
        toast.success('Successfully removed the authenticator app');
        setToRemove(null);
      },
      onError: (error) => toast.error(`Failed to remove the authenticator app: ${errorMessage(error)}`),
    });
  }

  return (
    <Panel
      title="Multi-factor authentication"
      description="Require a 6-digit code from an authenticator app in addition to your password when you sign in."
      actions={
        <Button size="sm" variant="default" icon={<Plus className="size-3.5" />} onClick={() => setIsEnrolling(true)} data-testid="add-totp">
          Add authenticator app
        </Button>
      }
      bodyClassName="p-0"
    >
      {factors.isPending ? (
        <div className="p-5">
          <SkeletonRows rows={1} />
        </div>
      ) : factors.isError ? (
        <div className="p-5">
          <ErrorState error={factors.error} title="Failed to load your authenticator apps" onRetry={() => void factors.refetch()} />
        </div>
      ) : factors.data.length === 0 ? (
        <p className="px-5 py-6 text-sm text-fg-muted">No authenticator app yet. Add one to protect your account.</p>
      ) : (
        <ul className="divide-y divide-line">
          {factors.data.map((factor) => (
            <li key={factor.id} className="flex items-center gap-3 px-5 py-3" data-testid="mfa-factor">
              <Smartphone className="size-4 text-fg-subtle" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-fg">{factor.friendly_name || 'Authenticator app'}</p>
                <p className="text-xs text-fg-muted">
                  {factor.factor_type.toUpperCase()} · added {formatDate(factor.created_at)}
                </p>
              </div>
              <Badge tone={factor.status === 'verified' ? 'success' : 'warning'}>{factor.status === 'verified' ? 'Verified' : 'Unverified'}</Badge>
              <Button size="sm" variant="ghost" icon={<Trash2 className="size-3.5" />} onClick={() => setToRemove(factor)} aria-label={`Remove ${factor.friendly_name || 'authenticator app'}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <TotpEnrollDialog open={isEnrolling} onOpenChange={setIsEnrolling} />
      <ConfirmDialog
        open={!!toRemove}
        onOpenChange={(open) => !open && setToRemove(null)}
        title="Remove this authenticator app?"
        description="You will no longer be asked for its codes when you sign in."
        confirmLabel="Remove"
        variant="danger"
        isLoading={unenroll.isPending}
        onConfirm={confirmRemove}
      />
    </Panel>
  );
}
