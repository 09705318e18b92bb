import type { Project } from '@plinth/api-contract';

export type MainArea = 'loading' | 'upgrading' | 'pausing' | 'connecting' | 'restoring' | 'building' | 'paused' | 'content';

/**
 * The spec's "Main area choice" (document 1, §4), as a pure function of the project and the path
 * below /project/{ref} (e.g. "/settings/general", "" for home).
 */
export function chooseMainArea(project: Project | undefined, pathAfterRef: string): MainArea {
  if (!project) return 'loading';
  const path = pathAfterRef.replace(/\/+$/, '');
  const isHome = path === '' || path === '/building';
  const isSettings = path.startsWith('/settings');
  const isVault = path.startsWith('/settings/vault');
  const isBranches = path.startsWith('/branches');
  const isScheduledBackups = path.startsWith('/database/backups/scheduled');
  const isReports = path.startsWith('/reports');
  const isOfflineExempt =
    isReports || path.startsWith('/settings/general') || path.startsWith('/settings/database') || path.startsWith('/settings/infrastructure');

  switch (project.status) {
    case 'UPGRADING':
      return 'upgrading';
    case 'GOING_DOWN':
    case 'PAUSING':
      return 'pausing';
    default:
      break;
  }
  // Only a running project can have its REST service offline.
  if (project.status === 'ACTIVE_HEALTHY' && project.postgrestStatus === 'OFFLINE' && !isOfflineExempt) return 'connecting';
  if (project.status === 'RESTORING' || project.status === 'RESTORATION_FAILED') return 'restoring';
  if (project.status === 'COMING_UP' || project.status === 'UNKNOWN') {
    const isExempt = (isSettings && !isVault) || isBranches || isScheduledBackups;
    return isExempt ? 'content' : 'building';
  }
  if (project.status === 'INACTIVE' && !isHome && !isSettings) return 'paused';
  return 'content';
}
