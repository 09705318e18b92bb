import { useParams } from 'react-router';
import { BackupsView } from '../../../features/backups/backups-view.tsx';
import { DatabasePage } from '../../../features/database/shared/database-page.tsx';

export default function DatabaseBackupsPage() {
  const { ref = '' } = useParams();
  return (
    <DatabasePage title="Backups" description="Daily backups of the database as your plan keeps them, and a backup whenever you need one." testId="database-backups-page">
      <BackupsView projectRef={ref} />
    </DatabasePage>
  );
}
