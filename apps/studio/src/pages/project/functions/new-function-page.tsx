import { useParams } from 'react-router';
import { NewFunctionView } from '../../../features/edge-functions/new-function-view.tsx';

/** /project/{ref}/functions/new */
export default function NewFunctionPage() {
  const { ref = '' } = useParams();
  return <NewFunctionView projectRef={ref} />;
}
