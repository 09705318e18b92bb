import type { ReactNode } from 'react';
import { Lock } from 'lucide-react';
import { Action, Resource } from '@plinth/permissions';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { NoPermission } from '../../components/ui/no-permission.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { useAuthConfigQuery, type AuthConfig } from '../../data/auth-config/auth-config-query.ts';
import { useProjectCan } from '../../data/pg-meta/project-permissions.ts';
import { isApiError } from '../../lib/api.ts';
import { NO_UPDATE_PERMISSION } from './config-form-panel.tsx';
import { UnsavedChangesGuard } from './unsaved-changes.tsx';

interface AuthConfigGateProps {
  projectRef: string;
  children: (config: AuthConfig, canUpdate: boolean) => ReactNode;
}

/**
 * Loads the auth configuration for a page and handles what is not the page: loading, a failed
 * load, a member who may not read it. Members who may read but not change it see the forms
 * disabled, with this said once at the top.
 */
export function AuthConfigGate({ projectRef, children }: AuthConfigGateProps) {
  const config = useAuthConfigQuery(projectRef);
  const canUpdate = useProjectCan(projectRef, Action.UPDATE, Resource.AUTH_CONFIG);

  if (config.isPending) return <SkeletonRows rows={4} />;
  if (config.isError) {
    if (isApiError(config.error) && config.error.status === 403) return <NoPermission action="view auth configuration" />;
    return <ErrorState error={config.error} title="Failed to retrieve auth configuration" onRetry={() => void config.refetch()} />;
  }
  return (
    <UnsavedChangesGuard>
      <div className="space-y-6">
        {!canUpdate && (
          <p className="flex items-center gap-2 text-sm text-fg-muted" data-testid="auth-config-no-permission">
            <Lock className="size-3.5 shrink-0" aria-hidden />
            {NO_UPDATE_PERMISSION}
          </p>
        )}
        {children(config.data, canUpdate)}
      </div>
    </UnsavedChangesGuard>
  );
}
