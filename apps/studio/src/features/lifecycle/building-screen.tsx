import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Project } from '@plinth/api-contract';
import { Badge } from '../../components/ui/badge.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { refreshProject } from '../../data/projects/project-query.ts';
import { useProjectStatusQuery } from '../../data/projects/project-status-query.ts';
import { SETUP_POLL_MS, SETUP_SUPPORT_AFTER_MINUTES } from '../../lib/constants.ts';
import { LifecycleFrame, supportHref } from './lifecycle-frame.tsx';

/** Shown while a project is COMING_UP: polls status every 4 s (2 s time-out) until it is healthy. */
export function BuildingScreen({ project }: { project: Project }) {
  const queryClient = useQueryClient();
  const status = useProjectStatusQuery(project.ref, {
    interval: SETUP_POLL_MS,
    until: (polled) => polled !== 'COMING_UP' && polled !== 'UNKNOWN',
  });
  const polled = status.data?.status;
  const isSettled = !!polled && polled !== 'COMING_UP' && polled !== 'UNKNOWN';

  useEffect(() => {
    if (isSettled) void refreshProject(queryClient, project.ref);
  }, [isSettled, queryClient, project.ref]);

  return (
    <LifecycleFrame
      projectName={project.name}
      testId="building-screen"
      badge={
        <Badge tone="info" dot>
          Setting up project
        </Badge>
      }
    >
      <div className="flex items-center gap-3">
        <Spinner className="size-5 text-brand" label="Setting up project" />
        <p className="text-fg">We are provisioning your database and API endpoints.</p>
      </div>
      <p>Setting up your project can take a few minutes. This page will refresh on its own once your project is ready.</p>
      <p>
        Has it been more than {SETUP_SUPPORT_AFTER_MINUTES} minutes?{' '}
        <Link
          className="font-medium text-brand hover:underline"
          to={supportHref({ category: 'Database_unresponsive', ref: project.ref, subject: 'Project stuck setting up' })}
        >
          Contact support
        </Link>
        .
      </p>
    </LifecycleFrame>
  );
}
