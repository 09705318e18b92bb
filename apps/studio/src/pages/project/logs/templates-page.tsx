import { useParams } from 'react-router';
import { LogsAccessGate } from '../../../features/logs/logs-access.tsx';
import { TemplatesView } from '../../../features/logs/templates-view.tsx';

/** /project/{ref}/logs/explorer/templates */
export default function LogsTemplatesPage() {
  const { ref = '' } = useParams();
  return (
    <LogsAccessGate projectRef={ref}>
      <TemplatesView projectRef={ref} />
    </LogsAccessGate>
  );
}
