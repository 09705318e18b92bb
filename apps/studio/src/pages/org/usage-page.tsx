import { useParams } from 'react-router';
import { UsageView } from '../../features/usage/usage-view.tsx';

export default function UsagePage() {
  const { slug = '' } = useParams();
  return <UsageView slug={slug} />;
}
