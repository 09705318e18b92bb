import { useParams } from 'react-router';
import { CronView } from '../../../features/cron/cron-view.tsx';
import { DatabasePage } from '../../../features/database/shared/database-page.tsx';

export default function DatabaseCronPage() {
  const { ref = '' } = useParams();
  return (
    <DatabasePage title="Cron" description="Schedule recurring SQL in the database with cron.schedule(), as pg_cron does." testId="database-cron-page">
      <CronView projectRef={ref} />
    </DatabasePage>
  );
}
