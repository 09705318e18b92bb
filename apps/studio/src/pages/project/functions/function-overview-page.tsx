import { useParams } from 'react-router';
import { FunctionLayout } from '../../../features/edge-functions/function-layout.tsx';
import { FunctionOverview } from '../../../features/edge-functions/function-overview.tsx';

/** /project/{ref}/functions/{slug} */
export default function FunctionOverviewPage() {
  const { ref = '', slug = '' } = useParams();
  return (
    <FunctionLayout projectRef={ref} slug={slug} tab="overview">
      {(fn) => <FunctionOverview projectRef={ref} fn={fn} />}
    </FunctionLayout>
  );
}
