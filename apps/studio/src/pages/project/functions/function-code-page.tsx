import { useParams } from 'react-router';
import { FunctionCodeView } from '../../../features/edge-functions/function-code-view.tsx';
import { FunctionLayout } from '../../../features/edge-functions/function-layout.tsx';

/** /project/{ref}/functions/{slug}/code */
export default function FunctionCodePage() {
  const { ref = '', slug = '' } = useParams();
  return (
    <FunctionLayout projectRef={ref} slug={slug} tab="code" isFullHeight>
      {(fn) => <FunctionCodeView projectRef={ref} fn={fn} />}
    </FunctionLayout>
  );
}
