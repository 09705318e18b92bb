import { useParams } from 'react-router';
import { InspectorView } from '../../features/realtime-inspector/inspector-view.tsx';

/** /project/{ref}/realtime/inspector */
export default function RealtimeInspectorPage() {
  const { ref = '' } = useParams();
  return <InspectorView projectRef={ref} />;
}
