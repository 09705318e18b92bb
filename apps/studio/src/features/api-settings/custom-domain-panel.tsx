import { Globe } from 'lucide-react';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { useCustomHostnameQuery } from '../../data/api-settings/custom-hostname-query.ts';

/** Custom domain status as the spec reads it; on a self-hosted platform none is ever configured. */
export function CustomDomainPanel({ projectRef, projectUrl }: { projectRef: string; projectUrl: string }) {
  const hostname = useCustomHostnameQuery(projectRef);
  return (
    <Panel title="Custom Domains" description="Present a branded experience to your users by serving the API from your own domain." testId="custom-domain-panel">
      {hostname.isPending ? (
        <SkeletonRows rows={1} />
      ) : hostname.isError ? (
        <ErrorState error={hostname.error} title="Failed to retrieve configuration" onRetry={() => void hostname.refetch()} />
      ) : hostname.data.status === '0_no_hostname_configured' || hostname.data.status === '0_not_allowed' ? (
        <div className="flex items-start gap-3" data-testid="custom-domain-status" data-status={hostname.data.status}>
          <Globe className="mt-0.5 size-4 shrink-0 text-fg-subtle" aria-hidden />
          <div className="space-y-1 text-sm">
            <p className="font-medium text-fg">
              {hostname.data.status === '0_not_allowed' ? 'Custom domains are not available for this project' : 'No custom hostname configured'}
            </p>
            <p className="text-fg-muted">
              This project is served from the platform's own address, <code className="font-mono text-xs text-fg">{projectUrl}</code>. On a
              self-hosted platform, put it behind your own domain with a reverse proxy and set PUBLIC_URL to that address.
            </p>
          </div>
        </div>
      ) : (
        <div className="flex items-center gap-3 text-sm" data-testid="custom-domain-status" data-status={hostname.data.status}>
          <code className="font-mono text-fg">{hostname.data.hostname}</code>
          <Badge tone="info">{hostname.data.status}</Badge>
        </div>
      )}
    </Panel>
  );
}
