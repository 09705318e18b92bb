import { useParams } from 'react-router';
import { DatabasePage } from '../../../features/database/shared/database-page.tsx';
import { IndexesView } from '../../../features/database/indexes/indexes-view.tsx';

export default function DatabaseIndexesPage() {
  const { ref = '' } = useParams();
  return (
    <DatabasePage title="Database Indexes" description="Indexes make queries on chosen columns fast." testId="database-indexes-page">
      <IndexesView projectRef={ref} />
    </DatabasePage>
  );
}
