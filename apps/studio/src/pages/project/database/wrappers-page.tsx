import { useParams } from 'react-router';
import { DatabasePage } from '../../../features/database/shared/database-page.tsx';
import { WrappersView } from '../../../features/wrappers/wrappers-view.tsx';

export default function DatabaseWrappersPage() {
  const { ref = '' } = useParams();
  return (
    <DatabasePage title="Wrappers" description="Query tables of other Postgres databases as foreign tables, with postgres_fdw." testId="database-wrappers-page">
      <WrappersView projectRef={ref} />
    </DatabasePage>
  );
}
