import { useParams } from 'react-router';
import { LogsAccessGate } from '../../../features/logs/logs-access.tsx';
import { SavedView } from '../../../features/logs/saved-view.tsx';

/** /project/{ref}/logs/explorer/saved */
export default function LogsSavedPage() {
  const { ref = '' } = useParams();
  return (
    <LogsAccessGate projectRef={ref}>
      <SavedView projectRef={ref} />
    </LogsAccessGate>
  );
}
