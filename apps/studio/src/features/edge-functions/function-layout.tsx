import { useState, type ReactNode } from 'react';
import { FlaskConical, Zap } from 'lucide-react';
import type { EdgeFunction } from '@plinth/api-contract';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { isFunctionNotFound, useFunctionQuery } from '../../data/edge-functions/function-query.ts';
import { NO_TEST_PERMISSION, useEdgeFunctionsAccess } from './edge-functions-access.ts';
import { FunctionTabs, type FunctionTab } from './function-tabs.tsx';
import { functionUrl, useFunctionsBaseUrl } from './function-url.ts';
import { FunctionsBackLink } from './functions-back-link.tsx';
import { TestPanel } from './test-panel.tsx';

interface FunctionLayoutProps {
  projectRef: string;
  slug: string;
  tab: FunctionTab;
  /** The tab's content, given the function once it has loaded. */
  children: (fn: EdgeFunction) => ReactNode;
  /** Tabs that fill the height (Code) ask for it. */
  isFullHeight?: boolean;
}

/** Every tab of /functions/{slug}: the function's name, URL and version, the Test panel, the tabs. */
export function FunctionLayout({ projectRef, slug, tab, children, isFullHeight = false }: FunctionLayoutProps) {
  const fn = useFunctionQuery(projectRef, slug);
  const baseUrl = useFunctionsBaseUrl(projectRef);
  const [isTesting, setIsTesting] = useState(false);
  // A test can act as service_role, so the server lets only those who may change functions run one.
  const { canUpdate } = useEdgeFunctionsAccess(projectRef);

  if (fn.isLoading) {
    return (
      <div className="px-6 py-6">
        <SkeletonRows rows={4} />
      </div>
    );
  }
  if (fn.isError || !fn.data) {
    return (
      <div className="space-y-4 px-6 py-6">
        <FunctionsBackLink projectRef={projectRef} />
        {isFunctionNotFound(fn.error) ? (
          <EmptyState
            icon={<Zap />}
            title="Function not found"
            description={`This project has no edge function named ${slug}. It may have been deleted.`}
            actions={<ButtonLink to={`/project/${projectRef}/functions`}>Back to Edge Functions</ButtonLink>}
            testId="function-not-found"
          />
        ) : (
          <ErrorState error={fn.error} title="Failed to load the function" onRetry={() => void fn.refetch()} />
        )}
      </div>
    );
  }

  const url = functionUrl(baseUrl, fn.data.slug);
  return (
    <div className={isFullHeight ? 'flex h-full min-h-0 flex-col' : undefined} data-testid="function-page">
      <header className="space-y-3 px-6 pt-5">
        <FunctionsBackLink projectRef={projectRef} />
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 space-y-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="truncate text-xl font-semibold tracking-tight text-fg">{fn.data.name}</h1>
              <Badge tone="neutral">v{fn.data.version}</Badge>
              {!fn.data.verify_jwt && <Badge tone="warning">JWT not verified</Badge>}
            </div>
            <div className="flex items-center gap-2">
              <code className="truncate font-mono text-xs text-fg-muted" data-testid="function-url">
                {url}
              </code>
              <CopyButton value={url} label="Copy URL" />
            </div>
          </div>
          <DisabledTooltip content={NO_TEST_PERMISSION} isDisabled={!canUpdate}>
            <Button variant="outline" icon={<FlaskConical className="size-3.5" />} disabled={!canUpdate} onClick={() => setIsTesting(true)} data-testid="function-test-button">
              Test
            </Button>
          </DisabledTooltip>
        </div>
        <FunctionTabs projectRef={projectRef} slug={fn.data.slug} current={tab} />
      </header>
      <div className={isFullHeight ? 'min-h-0 flex-1 px-6 py-4' : 'px-6 py-5'}>{children(fn.data)}</div>
      {isTesting && <TestPanel projectRef={projectRef} fn={fn.data} url={url} onClose={() => setIsTesting(false)} />}
    </div>
  );
}
