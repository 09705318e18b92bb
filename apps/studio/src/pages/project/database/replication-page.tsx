import { useParams } from 'react-router';
import { DatabasePage } from '../../../features/database/shared/database-page.tsx';
import { PublicationsView } from '../../../features/database/replication/publications-view.tsx';

export default function DatabaseReplicationPage() {
  const { ref = '' } = useParams();
  return (
    <DatabasePage title="Replication" description="Publications: which tables stream their row changes (Realtime listens to supabase_realtime)." testId="database-replication-page">
      <PublicationsView projectRef={ref} />
    </DatabasePage>
  );
}
