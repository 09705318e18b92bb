import { PauseCircle } from 'lucide-react';
import type { Project } from '@plinth/api-contract';
import { ButtonLink } from '../../components/ui/button.tsx';
import { ProjectStatusBadge } from '../projects/status-badge.tsx';
import { LifecycleFrame } from './lifecycle-frame.tsx';
import { RestoreButton } from './restore-button.tsx';

export function PausedScreen({ project }: { project: Project }) {
  return (
    <LifecycleFrame
      projectName={project.name}
      testId="paused-screen"
      badge={<ProjectStatusBadge status={project.status} />}
      footer={
        <>
          <ButtonLink to={`/project/${project.ref}/settings/general`} variant="outline">
            View project settings
          </ButtonLink>
          <RestoreButton project={project} />
        </>
      }
    >
      <div className="flex items-center gap-3">
        <PauseCircle className="size-5 text-fg-subtle" aria-hidden />
        <p className="text-fg">This project is paused</p>
      </div>
      <p>
        All of your project's data is still intact, but the project is inaccessible while it is paused. Restore it to use
        the table editor, SQL editor and the other product areas again.
      </p>
    </LifecycleFrame>
  );
}
