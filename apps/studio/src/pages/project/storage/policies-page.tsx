import { useParams } from 'react-router';
import { PageContainer, PageHeader } from '../../../components/ui/page-header.tsx';
import { StoragePoliciesView } from '../../../features/storage-policies/storage-policies-view.tsx';

export default function StoragePoliciesPage() {
  const { ref = '' } = useParams();
  return (
    <PageContainer size="wide">
      <PageHeader
        title="Storage policies"
        description="Safeguard your files with policies that define which operations your users may perform in each bucket."
      />
      <StoragePoliciesView projectRef={ref} />
    </PageContainer>
  );
}
