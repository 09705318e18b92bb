import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ExternalLink } from 'lucide-react';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import type { LogRow } from '../../data/logs/log-rows.ts';
import { explorerUrl } from '../logs/explorer-link.ts';
import { QueryError } from '../logs/query-error.tsx';
import type { ReportLogs } from './use-report-logs.ts';

/** The query behind a panel, opened in the logs explorer (which runs it). */
export function ExplorerLink({ projectRef, sql }: { projectRef: string; sql: string }) {
  return (
    <Link
      to={explorerUrl(projectRef, sql)}
      className="inline-flex items-center gap-1 rounded text-xs text-fg-muted underline-offset-2 hover:text-fg hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand"
      data-testid="report-explorer-link"
    >
      Open in logs explorer
      <ExternalLink className="size-3" aria-hidden />
    </Link>
  );
}

interface LogQueryPanelProps {
  projectRef: string;
  title: string;
  description?: string;
  sql: string;
  logs: ReportLogs;
  /** What to say when the query answered no rows (or `isEmpty` holds). */
  emptyText: string;
  isEmpty?: (rows: LogRow[]) => boolean;
  children: (rows: LogRow[]) => ReactNode;
  testId: string;
  className?: string;
  /** Controls shown before the explorer link (a chart's Edit and Remove). */
  actions?: ReactNode;
  /** The content reaches the panel's edges (a table). */
  bodyFlush?: boolean;
}

/** A report panel over one log query: its loading, failed, refused and empty states, and a link to its SQL. */
export function LogQueryPanel({ projectRef, title, description, sql, logs, emptyText, isEmpty, children, testId, className, actions, bodyFlush = false }: LogQueryPanelProps) {
  const { query, rows, queryError } = logs;
  let body: ReactNode;
  let isContent = false;
  if (query.isLoading) body = <SkeletonRows rows={3} />;
  else if (query.isError) body = <ErrorState error={query.error} title="Failed to run the query" onRetry={() => void query.refetch()} />;
  else if (queryError) body = <div className="-mx-5 -my-4"><QueryError error={queryError} /></div>;
  else if (rows.length === 0 || isEmpty?.(rows)) body = <p className="py-6 text-center text-sm text-fg-subtle" data-testid={`${testId}-empty`}>{emptyText}</p>;
  else {
    body = children(rows);
    isContent = true;
  }
  return (
    <Panel title={title} description={description} actions={
        <>
          {actions}
          <ExplorerLink projectRef={projectRef} sql={sql} />
        </>
      } testId={testId} className={className} bodyClassName={bodyFlush && isContent ? 'px-0! py-0!' : undefined}>
      {body}
    </Panel>
  );
}
