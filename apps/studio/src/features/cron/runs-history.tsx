import { Badge } from '../../components/ui/badge.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { RUNS_SHOWN } from '../../data/cron/cron-sql.ts';
import { useCronRunsQuery, type CronRun } from '../../data/cron/cron-queries.ts';
import { formatDateTime } from '../../lib/format.ts';

const TONES = { succeeded: 'success', failed: 'danger', running: 'warning', starting: 'neutral' } as const;

function duration(run: CronRun): string {
  if (!run.end_time) return '—';
  const ms = Date.parse(run.end_time) - Date.parse(run.start_time);
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** The latest runs of one job from cron.job_run_details, newest first. */
export function RunsHistory({ projectRef, jobid }: { projectRef: string; jobid: string }) {
  const runs = useCronRunsQuery(projectRef, jobid);
  if (runs.isLoading) return <SkeletonRows rows={2} />;
  if (runs.isError || !runs.data) return <ErrorState error={runs.error} title="Failed to retrieve job runs" onRetry={() => void runs.refetch()} />;
  if (runs.data.length === 0) {
    return <p className="px-3 py-4 text-sm text-fg-muted" data-testid="cron-runs-empty">This job has not run yet. Runs appear here when it is next due.</p>;
  }
  return (
    <Table label={`Last ${RUNS_SHOWN} runs`}>
      <thead>
        <tr>
          <Th>Status</Th>
          <Th>Message</Th>
          <Th>Started</Th>
          <Th>Duration</Th>
        </tr>
      </thead>
      <tbody data-testid="cron-runs">
        {runs.data.map((run) => (
          <tr key={run.runid} data-testid="cron-run">
            <Td>
              <Badge tone={TONES[run.status] ?? 'neutral'} dot>
                {run.status}
              </Badge>
            </Td>
            <Td className="max-w-96 truncate font-mono text-xs" title={run.return_message ?? ''}>
              {run.return_message ?? ''}
            </Td>
            <Td className="text-xs text-fg-muted">{formatDateTime(run.start_time)}</Td>
            <Td className="text-xs text-fg-muted">{duration(run)}</Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
