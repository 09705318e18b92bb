import { useParams } from 'react-router';
import { PageContainer, PageHeader } from '../../../components/ui/page-header.tsx';
import { PoliciesView } from '../../../features/policies/policies-view.tsx';

export default function AuthPoliciesPage() {
  const { ref = '' } = useParams();
  return (
    <PageContainer size="wide">
      <PageHeader title="Policies" description="Safeguard your data with Row Level Security: policies decide which rows each role may read and change." />
      <PoliciesView projectRef={ref} />
    </PageContainer>
  );
}
