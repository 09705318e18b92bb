import { useParams } from 'react-router';
import { DatabasePage } from '../../../features/database/shared/database-page.tsx';
import { TriggersView } from '../../../features/database/triggers/triggers-view.tsx';

export default function DatabaseTriggersPage() {
  const { ref = '' } = useParams();
  return (
    <DatabasePage title="Database Triggers" description="Execute a set of actions automatically on specified table events." testId="database-triggers-page">
      <TriggersView projectRef={ref} />
    </DatabasePage>
  );
}
