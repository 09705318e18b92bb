import type { ReactNode } from 'react';
import type { Project } from '@plinth/api-contract';
import { LoadingArea } from '../../components/ui/spinner.tsx';
import { BuildingScreen } from './building-screen.tsx';
import { ConnectingScreen } from './connecting-screen.tsx';
import { chooseMainArea } from './main-area.ts';
import { PausedScreen } from './paused-screen.tsx';
import { PausingScreen } from './pausing-screen.tsx';
import { RestoringScreen } from './restoring-screen.tsx';
import { UpgradingScreen } from './upgrading-screen.tsx';

/** What the project layout's main area shows, by project status and page. */
export function ProjectMainArea({ project, pathAfterRef, children }: { project: Project | undefined; pathAfterRef: string; children: ReactNode }) {
  const area = chooseMainArea(project, pathAfterRef);
  if (area === 'loading' || !project) return <LoadingArea label="Loading project" />;
  switch (area) {
    case 'upgrading':
      return <UpgradingScreen project={project} />;
    case 'pausing':
      return <PausingScreen project={project} />;
    case 'connecting':
      return <ConnectingScreen project={project} />;
    case 'restoring':
      return <RestoringScreen project={project} />;
    case 'building':
      return <BuildingScreen project={project} />;
    case 'paused':
      return <PausedScreen project={project} />;
    default:
      return <>{children}</>;
  }
}
