import { useParams } from 'react-router';
import { LogsAccessGate } from '../../../features/logs/logs-access.tsx';
import { DatabaseReportView } from '../../../features/reports/database-report-view.tsx';

/** /project/{ref}/reports/database (?range= for the slow statements) */
export default function DatabaseReportPage() {
  const { ref = '' } = useParams();
  return (
    <LogsAccessGate projectRef={ref}>
      <DatabaseReportView projectRef={ref} />
    </LogsAccessGate>
  );
}
