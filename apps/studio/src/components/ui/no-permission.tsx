import { Lock } from 'lucide-react';

/** The spec's generic notice for a missing permission. */
export function NoPermission({ action }: { action: string }) {
  return (
    <div role="note" className="flex items-start gap-3 rounded-lg border border-line bg-surface-2 px-4 py-3.5 text-sm" data-testid="no-permission">
      <Lock className="mt-0.5 size-4 shrink-0 text-fg-subtle" aria-hidden />
      <p className="text-fg-muted">
        You need additional permissions to {action}. Contact your organization owner or adminstrator for assistance.
      </p>
    </div>
  );
}
