import { useParams } from 'react-router';
import { LogsAccessGate } from '../../../features/logs/logs-access.tsx';
import { ApiOverviewView } from '../../../features/reports/api-overview-view.tsx';

/** /project/{ref}/reports/api-overview (?range=last-hour|last-3-hours|last-24-hours|last-7-days) */
export default function ApiOverviewPage() {
  const { ref = '' } = useParams();
  return (
    <LogsAccessGate projectRef={ref}>
      <ApiOverviewView projectRef={ref} />
    </LogsAccessGate>
  );
}
