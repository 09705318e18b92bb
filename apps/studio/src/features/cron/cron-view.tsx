import { Fragment, useState } from 'react';
import { ChevronDown, ChevronRight, Clock, Pencil, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Action, Resource } from '@plinth/permissions';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { DropdownMenuItem } from '../../components/ui/dropdown-menu.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { NoPermission } from '../../components/ui/no-permission.tsx';
import { RowActionsMenu } from '../../components/ui/row-actions-menu.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { useAlterCronJobMutation, useEnableCronMutation, useUnscheduleCronJobMutation } from '../../data/cron/cron-mutations.ts';
import { useCronJobsQuery, useCronStatusQuery, type CronJob } from '../../data/cron/cron-queries.ts';
import { useProjectCan } from '../../data/pg-meta/project-permissions.ts';
import { errorMessage } from '../../lib/api.ts';
import { formatRelative } from '../../lib/format.ts';
import { JobPanel } from './job-panel.tsx';
import { RunsHistory } from './runs-history.tsx';
import { scheduleInWords } from './schedule.ts';

const label = (job: CronJob) => job.jobname ?? `#${job.jobid}`;

/**
 * Database > Cron: pg_cron's jobs of the project (cron.job), run by the platform on their schedule,
 * with each job's latest runs (cron.job_run_details). Jobs are read and changed with pg_cron's own
 * SQL through the SQL endpoint; enabling installs that SQL surface first.
 */
export function CronView({ projectRef }: { projectRef: string }) {
  const status = useCronStatusQuery(projectRef);
  const canWrite = useProjectCan(projectRef, Action.TENANT_SQL_ADMIN_WRITE, Resource.SQL);
  const enable = useEnableCronMutation(projectRef);

  if (status.isLoading) return <SkeletonRows rows={3} />;
  if (status.isError || !status.data) return <ErrorState error={status.error} title="Failed to retrieve cron status" onRetry={() => void status.refetch()} />;
  if (!status.data.enabled) {
    return (
      <EmptyState
        icon={<Clock />}
        title="Cron is not enabled"
        description="Enable cron to schedule recurring SQL with cron.schedule(), as with the pg_cron extension. Jobs run as the user who scheduled them."
        testId="cron-disabled"
        actions={
          canWrite ? (
            <Button
              variant="primary"
              isLoading={enable.isPending}
              data-testid="cron-enable"
              onClick={() => enable.mutate(undefined, { onError: (error) => toast.error(`Failed to enable cron: ${errorMessage(error)}`) })}
            >
              Enable cron
            </Button>
          ) : (
            <NoPermission action="enable cron" />
          )
        }
      />
    );
  }
  return <CronJobs projectRef={projectRef} canWrite={canWrite} timeoutSeconds={status.data.timeout_seconds} />;
}

function CronJobs({ projectRef, canWrite, timeoutSeconds }: { projectRef: string; canWrite: boolean; timeoutSeconds: number }) {
  const jobs = useCronJobsQuery(projectRef, true);
  const alter = useAlterCronJobMutation(projectRef);
  const unschedule = useUnscheduleCronJobMutation(projectRef);
  const [editing, setEditing] = useState<CronJob | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CronJob | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  return (
    <div className="space-y-4" data-testid="cron">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-fg-muted">Times are UTC. A run that takes longer than {timeoutSeconds} seconds is stopped.</p>
        {canWrite && (
          <Button variant="primary" icon={<Plus className="size-3.5" aria-hidden />} onClick={() => setEditing('new')} data-testid="cron-create-job">
            Create job
          </Button>
        )}
      </div>
      {!canWrite && <NoPermission action="create, edit or delete cron jobs" />}
      {jobs.isLoading ? (
        <SkeletonRows rows={3} />
      ) : jobs.isError || !jobs.data ? (
        <ErrorState error={jobs.error} title="Failed to retrieve cron jobs" onRetry={() => void jobs.refetch()} />
      ) : jobs.data.length === 0 ? (
        <EmptyState icon={<Clock />} title="No cron jobs yet" description="Create a job, or run select cron.schedule('name', '*/5 * * * *', 'sql') in the SQL editor." testId="cron-empty" />
      ) : (
        <Table label="Cron jobs">
          <thead>
            <tr>
              <Th className="w-8"><span className="sr-only">Runs</span></Th>
              <Th>Name</Th>
              <Th>Schedule</Th>
              <Th>Command</Th>
              <Th>Last run</Th>
              <Th>Active</Th>
              {canWrite && <Th className="w-12"><span className="sr-only">Actions</span></Th>}
            </tr>
          </thead>
          <tbody data-testid="cron-jobs">
            {jobs.data.map((job) => (
              <Fragment key={job.jobid}>
                <tr data-testid={`cron-job-row-${label(job)}`}>
                  <Td>
                    <button
                      type="button"
                      aria-expanded={open === job.jobid}
                      aria-label={`Runs of ${label(job)}`}
                      onClick={() => setOpen(open === job.jobid ? null : job.jobid)}
                      data-testid="cron-job-toggle-runs"
                      className="text-fg-muted hover:text-fg"
                    >
                      {open === job.jobid ? <ChevronDown className="size-4" /> : <ChevronRight className="size-4" />}
                    </button>
                  </Td>
                  <Td className="font-mono text-xs">{label(job)}</Td>
                  <Td>
                    <div className="text-sm">{scheduleInWords(job.schedule)}</div>
                    <div className="font-mono text-[11px] text-fg-subtle">{job.schedule}</div>
                  </Td>
                  <Td className="max-w-80 truncate font-mono text-xs" title={job.command}>{job.command}</Td>
                  <Td className="text-xs text-fg-muted">
                    {job.last_run ? (
                      <span className="flex items-center gap-2">
                        {formatRelative(job.last_run)}
                        {job.last_status && <Badge tone={job.last_status === 'failed' ? 'danger' : job.last_status === 'succeeded' ? 'success' : 'warning'}>{job.last_status}</Badge>}
                      </span>
                    ) : (
                      'Never'
                    )}
                  </Td>
                  <Td>
                    <Switch
                      checked={job.active}
                      disabled={!canWrite || alter.isPending}
                      aria-label={`${label(job)} active`}
                      data-testid="cron-job-active"
                      onChange={(active) =>
                        alter.mutate({ jobid: job.jobid, active }, { onError: (error) => toast.error(`Failed to update cron job: ${errorMessage(error)}`) })}
                    />
                  </Td>
                  {canWrite && (
                    <Td className="text-right">
                      <RowActionsMenu label={`Actions for ${label(job)}`}>
                        <DropdownMenuItem icon={<Pencil />} onSelect={() => setEditing(job)}>
                          Edit cron job
                        </DropdownMenuItem>
                        <DropdownMenuItem icon={<Trash2 />} tone="danger" onSelect={() => setDeleting(job)}>
                          Delete cron job
                        </DropdownMenuItem>
                      </RowActionsMenu>
                    </Td>
                  )}
                </tr>
                {open === job.jobid && (
                  <tr>
                    <td colSpan={canWrite ? 7 : 6} className="bg-surface-2 px-4 py-3">
                      <RunsHistory projectRef={projectRef} jobid={job.jobid} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </Table>
      )}
      <JobPanel projectRef={projectRef} job={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(isOpen) => !isOpen && setDeleting(null)}
        title={`Delete cron job ${deleting ? label(deleting) : ''}`}
        description="The job stops running (cron.unschedule); its run history is kept. This action cannot be undone."
        confirmLabel="Delete cron job"
        variant="danger"
        isLoading={unschedule.isPending}
        testId="cron-delete-dialog"
        onConfirm={() => {
          if (!deleting) return;
          unschedule.mutate(deleting.jobid, {
            onSuccess: () => {
              toast.success(`Successfully deleted cron job ${label(deleting)}`);
              setDeleting(null);
            },
            onError: (error) => toast.error(`Failed to delete cron job: ${errorMessage(error)}`),
          });
        }}
      />
    </div>
  );
}
