import { useParams } from 'react-router';
import { LogsAccessGate } from '../../../features/logs/logs-access.tsx';
import { StorageReportView } from '../../../features/reports/storage-report-view.tsx';

/** /project/{ref}/reports/storage (?range=...) */
export default function StorageReportPage() {
  const { ref = '' } = useParams();
  return (
    <LogsAccessGate projectRef={ref}>
      <StorageReportView projectRef={ref} />
    </LogsAccessGate>
  );
}
