import { useParams } from 'react-router';
import { LogsAccessGate } from '../../../features/logs/logs-access.tsx';
import { CustomReportsView } from '../../../features/reports/custom-reports-view.tsx';

/** /project/{ref}/reports (?report={id} opens one custom report) */
export default function CustomReportsPage() {
  const { ref = '' } = useParams();
  return (
    <LogsAccessGate projectRef={ref}>
      <CustomReportsView projectRef={ref} />
    </LogsAccessGate>
  );
}
