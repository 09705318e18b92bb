import { useParams } from 'react-router';
import { DatabasePage } from '../../../features/database/shared/database-page.tsx';
import { FunctionsView } from '../../../features/database/functions/functions-view.tsx';

export default function DatabaseFunctionsPage() {
  const { ref = '' } = useParams();
  return (
    <DatabasePage title="Database Functions" description="Functions stored in your database, callable from SQL, triggers and the API." testId="database-functions-page">
      <FunctionsView projectRef={ref} />
    </DatabasePage>
  );
}
