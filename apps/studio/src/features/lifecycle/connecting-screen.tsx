import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Project } from '@plinth/api-contract';
import { Badge } from '../../components/ui/badge.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { projectKeys } from '../../data/projects/keys.ts';
import { useProjectLiveQuery } from '../../data/projects/project-live-query.ts';
import { LifecycleFrame } from './lifecycle-frame.tsx';

/** The REST service is offline: check liveness every 4 s (2 s time-out); success marks the project ONLINE. */
export function ConnectingScreen({ project }: { project: Project }) {
  const queryClient = useQueryClient();
  const live = useProjectLiveQuery(project.ref, project.kpsVersion, true);

  useEffect(() => {
    if (live.data === true) {
      queryClient.setQueryData<Project>(projectKeys.detail(project.ref), (current) =>
        current ? { ...current, postgrestStatus: 'ONLINE' } : current,
      );
    }
  }, [live.data, project.ref, queryClient]);

  return (
    <LifecycleFrame
      projectName={project.name}
      testId="connecting-screen"
      badge={
        <Badge tone="warning" dot>
          Offline
        </Badge>
      }
    >
      <div className="flex items-center gap-3">
        <Spinner className="size-5" label="Connecting to project" />
        <p className="text-fg">Connecting to project</p>
      </div>
      <p>The project's API is not answering yet. We will keep trying and continue as soon as it is reachable.</p>
    </LifecycleFrame>
  );
}
