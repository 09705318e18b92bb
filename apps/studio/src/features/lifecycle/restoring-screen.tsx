import { CheckCircle2, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Project } from '@plinth/api-contract';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { refreshProject } from '../../data/projects/project-query.ts';
import { useProjectStatusQuery } from '../../data/projects/project-status-query.ts';
import { RESTORE_POLL_MS } from '../../lib/constants.ts';
import { LifecycleFrame, supportHref } from './lifecycle-frame.tsx';

type Phase = 'restoring' | 'complete' | 'failed';

/** RESTORING: polls every 4 s (2 s time-out) until the project is healthy or the restore failed. */
export function RestoringScreen({ project }: { project: Project }) {
  const queryClient = useQueryClient();
  const isInitiallyFailed = project.status === 'RESTORATION_FAILED';
  const status = useProjectStatusQuery(project.ref, {
    interval: RESTORE_POLL_MS,
    // A restore that failed before this screen opened is read once, for its reason.
    until: (polled) => polled === 'ACTIVE_HEALTHY' || polled === 'RESTORATION_FAILED',
  });
  const polled = status.data?.status;
  const phase: Phase =
    isInitiallyFailed || polled === 'RESTORATION_FAILED' ? 'failed' : polled === 'ACTIVE_HEALTHY' ? 'complete' : 'restoring';

  const badge =
    phase === 'complete' ? (
      <Badge tone="success" dot>
        Restored
      </Badge>
    ) : phase === 'failed' ? (
      <Badge tone="danger" dot>
        Restore failed
      </Badge>
    ) : (
      <Badge tone="info" dot>
        Restoring
      </Badge>
    );

  return (
    <LifecycleFrame projectName={project.name} badge={badge} testId="restoring-screen">
      {phase === 'restoring' && (
        <>
          <div className="flex items-center gap-3">
            <Spinner className="size-5 text-info" label="Restoring project" />
            <p className="font-medium text-fg">Restoration in progress</p>
          </div>
          <p>
            Restoration can take from a few minutes up to several hours depending on the size of your database. Your
            project will be offline while the restoration is running.
          </p>
        </>
      )}
      {phase === 'complete' && (
        <>
          <div className="flex items-center gap-3">
            <CheckCircle2 className="size-5 text-brand" aria-hidden />
            <p className="font-medium text-fg">Restoration complete!</p>
          </div>
          <p>Your project has been successfully restored and is now back online.</p>
          <Button variant="primary" onClick={() => void refreshProject(queryClient, project.ref)}>
            Return to project
          </Button>
        </>
      )}
      {phase === 'failed' && (
        <>
          <div className="flex items-center gap-3">
            <XCircle className="size-5 text-danger" aria-hidden />
            <p className="font-medium text-fg">Something went wrong while restoring your project</p>
          </div>
          <p>Our engineers have been notified of this issue. Your project's data is not affected.</p>
          {status.data?.error && (
            <p className="text-sm text-fg-muted" data-testid="restore-error">
              {status.data.error}
            </p>
          )}
          <Link
            className="inline-block font-medium text-brand hover:underline"
            to={supportHref({ category: 'Database_unresponsive', ref: project.ref, subject: 'Restoration failed for project' })}
          >
            Contact support
          </Link>
        </>
      )}
    </LifecycleFrame>
  );
}
