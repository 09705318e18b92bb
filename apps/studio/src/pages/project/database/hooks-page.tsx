import { useParams } from 'react-router';
import { DatabasePage } from '../../../features/database/shared/database-page.tsx';
import { WebhooksView } from '../../../features/webhooks/webhooks-view.tsx';

export default function DatabaseHooksPage() {
  const { ref = '' } = useParams();
  return (
    <DatabasePage title="Database Webhooks" description="Send real-time data from your database to another system whenever a table event occurs." testId="database-hooks-page">
      <WebhooksView projectRef={ref} />
    </DatabasePage>
  );
}
