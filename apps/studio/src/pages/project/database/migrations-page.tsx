import { useParams } from 'react-router';
import { DatabasePage } from '../../../features/database/shared/database-page.tsx';
import { MigrationsView } from '../../../features/database/migrations/migrations-view.tsx';

export default function DatabaseMigrationsPage() {
  const { ref = '' } = useParams();
  return (
    <DatabasePage title="Migrations" description="History of migrations that have been run on your database." testId="database-migrations-page">
      <MigrationsView projectRef={ref} />
    </DatabasePage>
  );
}
