export interface UpgradeStep {
  initial: string;
  inProgress: string;
  completed: string;
}

/** The eight steps of a database upgrade, in order; the progress value's leading number indexes them. */
export const UPGRADE_STEPS: UpgradeStep[] = [
  { initial: 'Prepare new server', inProgress: 'Preparing new server', completed: 'Prepared new server' },
  { initial: 'Prepare new server for migration', inProgress: 'Preparing new server for migration', completed: 'Prepared new server for migration' },
  { initial: 'Execute pre-upgrade checks', inProgress: 'Executing pre-upgrade checks', completed: 'Executed pre-upgrade checks' },
  { initial: 'Shut down API services', inProgress: 'Shutting down API services', completed: 'Shut down API services' },
  { initial: 'Migrate to new database', inProgress: 'Migrating to new database', completed: 'Migrated to new database' },
  { initial: 'Execute database migration', inProgress: 'Executing database migration', completed: 'Executed database migration' },
  { initial: 'Update database extensions', inProgress: 'Updating database extensions', completed: 'Updated database extensions' },
  { initial: 'Optimize database', inProgress: 'Optimizing database', completed: 'Optimized database' },
];

/** "3_migrating" -> 3; anything unreadable -> 0. */
export function upgradeStepIndex(progress: string | null | undefined): number {
  const index = Number.parseInt((progress ?? '').split('_')[0] ?? '', 10);
  return Number.isFinite(index) ? Math.min(Math.max(index, 0), UPGRADE_STEPS.length - 1) : 0;
}

export type UpgradeOutcome = 'upgrading' | 'upgraded' | 'failed';

/** Supabase's status: 0 running, 1 failed, 2 upgraded (older answers named it in words). */
export function upgradeOutcome(status: number | string | null | undefined): UpgradeOutcome {
  if (status === 1) return 'failed';
  if (status === 2) return 'upgraded';
  const value = typeof status === 'string' ? status.toLowerCase() : '';
  if (value.includes('fail')) return 'failed';
  if (value === 'upgraded' || value === 'completed') return 'upgraded';
  return 'upgrading';
}
