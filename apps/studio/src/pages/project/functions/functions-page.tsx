import { useParams } from 'react-router';
import { FunctionsListView } from '../../../features/edge-functions/functions-list-view.tsx';

/** /project/{ref}/functions */
export default function FunctionsPage() {
  const { ref = '' } = useParams();
  return <FunctionsListView projectRef={ref} />;
}
