import { ErrorState } from '../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { useDatabaseSettingsQuery } from '../../data/database-settings/database-settings-query.ts';
import { ConnectionStringsView } from './connection-strings-view.tsx';

/** The Connect dialog's body: the same strings as Settings > Database. */
export function ConnectView({ projectRef }: { projectRef: string }) {
  const settings = useDatabaseSettingsQuery(projectRef);
  if (settings.isPending) return <SkeletonRows rows={4} />;
  if (settings.isError) return <ErrorState error={settings.error} title="Failed to retrieve connection strings" onRetry={() => void settings.refetch()} />;
  return <ConnectionStringsView settings={settings.data} />;
}
