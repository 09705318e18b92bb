import { useParams } from 'react-router';
import { FunctionDetails } from '../../../features/edge-functions/function-details.tsx';
import { FunctionLayout } from '../../../features/edge-functions/function-layout.tsx';

/** /project/{ref}/functions/{slug}/details */
export default function FunctionDetailsPage() {
  const { ref = '', slug = '' } = useParams();
  return (
    <FunctionLayout projectRef={ref} slug={slug} tab="details">
      {(fn) => <FunctionDetails projectRef={ref} fn={fn} />}
    </FunctionLayout>
  );
}
