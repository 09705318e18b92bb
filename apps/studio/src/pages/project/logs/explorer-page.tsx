import { useParams } from 'react-router';
import { ExplorerView } from '../../../features/logs/explorer-view.tsx';
import { LogsAccessGate } from '../../../features/logs/logs-access.tsx';

/** /project/{ref}/logs/explorer (?q= opens and runs a query) */
export default function LogsExplorerPage() {
  const { ref = '' } = useParams();
  return (
    <LogsAccessGate projectRef={ref}>
      <ExplorerView projectRef={ref} />
    </LogsAccessGate>
  );
}
