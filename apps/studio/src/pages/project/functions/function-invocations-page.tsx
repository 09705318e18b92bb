import { useParams } from 'react-router';
import { FunctionInvocations } from '../../../features/edge-functions/function-invocations.tsx';
import { FunctionLayout } from '../../../features/edge-functions/function-layout.tsx';

/** /project/{ref}/functions/{slug}/invocations */
export default function FunctionInvocationsPage() {
  const { ref = '', slug = '' } = useParams();
  return (
    <FunctionLayout projectRef={ref} slug={slug} tab="invocations">
      {(fn) => <FunctionInvocations projectRef={ref} fn={fn} />}
    </FunctionLayout>
  );
}
