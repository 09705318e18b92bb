import { useParams } from 'react-router';
import { LogsAccessGate } from '../../../features/logs/logs-access.tsx';
import { RecentView } from '../../../features/logs/recent-view.tsx';

/** /project/{ref}/logs/explorer/recent */
export default function LogsRecentPage() {
  const { ref = '' } = useParams();
  return (
    <LogsAccessGate projectRef={ref}>
      <RecentView projectRef={ref} />
    </LogsAccessGate>
  );
}
