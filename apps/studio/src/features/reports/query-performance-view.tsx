import { useEffect, useState } from 'react';
import { Gauge, RefreshCw, Search } from 'lucide-react';
import { QUERY_PERFORMANCE_SORTS, type StatementStat } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Input, Select } from '../../components/ui/input.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { useQueryPerformanceQuery, type QueryPerformanceRequest } from '../../data/reports/query-performance-query.ts';
import { formatDateTime } from '../../lib/format.ts';
import { ReportFrame } from './report-frame.tsx';
import { StatementDetailPanel } from './statement-detail-panel.tsx';
import { StatementsTable } from './statements-table.tsx';

type Sort = QueryPerformanceRequest['sort'];

export const SORT_LABELS: Record<Sort, string> = {
  total_time: 'Total time',
  calls: 'Calls',
  mean_time: 'Mean time',
  max_time: 'Max time',
  rows: 'Rows',
};

function sourceNote(source: 'pg_stat_statements' | 'platform', since: string | null): string {
  const from = source === 'pg_stat_statements' ? 'Figures from pg_stat_statements' : 'Figures from the timings Plinth records of the statements it runs';
  return since ? `${from}, since ${formatDateTime(since)}.` : `${from}.`;
}

/** /reports/query-performance: the project's statements by time spent, calls, mean or max time, or rows. */
export function QueryPerformanceView({ projectRef }: { projectRef: string }) {
  const [sort, setSort] = useState<Sort>('total_time');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<StatementStat | null>(null);
  const query = useQueryPerformanceQuery(projectRef, { sort, search });

  // The server is asked once typing pauses, not at every key.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), 300);
    return () => clearTimeout(timer);
  }, [typed]);

  const data = query.data;
  const statements = data?.statements ?? [];
  return (
    <ReportFrame
      title="Query Performance"
      description={data ? sourceNote(data.source, data.since) : 'The project’s statements by the time they take.'}
      actions={
        <Button size="sm" variant="outline" icon={<RefreshCw className="size-3.5" />} isLoading={query.isFetching && !query.isLoading} onClick={() => void query.refetch()} data-testid="report-refresh">
          Refresh
        </Button>
      }
      testId="report-query-performance"
    >
      <div className="flex flex-wrap items-center gap-3">
        <div className="relative w-72 max-w-full">
          <Search className="pointer-events-none absolute left-2.5 top-1/2 size-3.5 -translate-y-1/2 text-fg-subtle" aria-hidden />
          <Input className="h-8 pl-8" placeholder="Search statements" aria-label="Search statements" value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={200} />
        </div>
        <label className="flex items-center gap-2 whitespace-nowrap text-sm text-fg-muted">
          Sort by
          <Select className="h-8 w-40" value={sort} onChange={(e) => setSort(e.target.value as Sort)} aria-label="Sort by">
            {QUERY_PERFORMANCE_SORTS.map((value) => (
              <option key={value} value={value}>
                {SORT_LABELS[value]}
              </option>
            ))}
          </Select>
        </label>
        {data && (
          <span className="ml-auto text-xs text-fg-subtle" data-testid="report-qp-source">
            Source: {data.source === 'pg_stat_statements' ? 'pg_stat_statements' : 'timings Plinth records'}
          </span>
        )}
      </div>
      {query.isLoading ? (
        <SkeletonRows rows={5} />
      ) : query.isError || !data ? (
        <ErrorState error={query.error} title="Failed to load query performance" onRetry={() => void query.refetch()} />
      ) : statements.length === 0 ? (
        <EmptyState
          icon={<Gauge />}
          title={search.trim() ? 'No statements match this search' : 'No statements recorded yet'}
          description={search.trim() ? 'Try another part of the statement’s text.' : 'Statements appear here once the project’s database has run some: from the API, the SQL editor or a client.'}
          testId="report-qp-empty"
        />
      ) : (
        <StatementsTable statements={statements} sort={sort} onOpen={setSelected} />
      )}
      <StatementDetailPanel statement={selected} onClose={() => setSelected(null)} />
    </ReportFrame>
  );
}
