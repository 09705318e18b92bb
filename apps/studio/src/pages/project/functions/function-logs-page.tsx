import { useParams } from 'react-router';
import { FunctionLayout } from '../../../features/edge-functions/function-layout.tsx';
import { FunctionLogsView } from '../../../features/edge-functions/function-logs-view.tsx';

/** /project/{ref}/functions/{slug}/logs */
export default function FunctionLogsPage() {
  const { ref = '', slug = '' } = useParams();
  return (
    <FunctionLayout projectRef={ref} slug={slug} tab="logs">
      {(fn) => <FunctionLogsView projectRef={ref} fn={fn} />}
    </FunctionLayout>
  );
}
