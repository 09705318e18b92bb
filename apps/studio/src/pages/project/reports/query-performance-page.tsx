import { useParams } from 'react-router';
import { LogsAccessGate } from '../../../features/logs/logs-access.tsx';
import { QueryPerformanceView } from '../../../features/reports/query-performance-view.tsx';

/** /project/{ref}/reports/query-performance */
export default function QueryPerformancePage() {
  const { ref = '' } = useParams();
  return (
    <LogsAccessGate projectRef={ref}>
      <QueryPerformanceView projectRef={ref} />
    </LogsAccessGate>
  );
}
