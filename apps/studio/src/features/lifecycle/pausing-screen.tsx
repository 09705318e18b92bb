import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Project } from '@plinth/api-contract';
import { Badge } from '../../components/ui/badge.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { refreshProject } from '../../data/projects/project-query.ts';
import { useProjectStatusQuery } from '../../data/projects/project-status-query.ts';
import { PAUSING_POLL_DELAY_MS, PAUSING_POLL_MS } from '../../lib/constants.ts';
import { LifecycleFrame } from './lifecycle-frame.tsx';

/** GOING_DOWN or PAUSING: polls status every 2 s after a 4 s delay; once INACTIVE, refreshes the project. */
export function PausingScreen({ project }: { project: Project }) {
  const queryClient = useQueryClient();
  const [isPolling, setIsPolling] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setIsPolling(true), PAUSING_POLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const status = useProjectStatusQuery(project.ref, {
    interval: PAUSING_POLL_MS,
    until: (polled) => polled === 'INACTIVE',
    enabled: isPolling,
  });
  const isPaused = status.data?.status === 'INACTIVE';

  useEffect(() => {
    if (isPaused) void refreshProject(queryClient, project.ref);
  }, [isPaused, queryClient, project.ref]);

  return (
    <LifecycleFrame
      projectName={project.name}
      testId="pausing-screen"
      badge={
        <Badge tone="warning" dot>
          Pausing project
        </Badge>
      }
    >
      <div className="flex items-center gap-3">
        <Spinner className="size-5 text-warning" label="Pausing project" />
        <p className="text-fg">Your project is being paused.</p>
      </div>
      <p>You may restore your project anytime thereafter, and your data will be restored to when it was initially paused.</p>
    </LifecycleFrame>
  );
}
