import { useParams } from 'react-router';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { LegalDocumentsView } from '../../features/legal-documents/legal-documents-view.tsx';

export default function OrganizationDocumentsPage() {
  const { slug = '' } = useParams();
  return (
    <PageContainer>
      <PageHeader title="Legal Documents" description="The terms, data processing and privacy documents of this Plinth installation." />
      <LegalDocumentsView slug={slug} />
    </PageContainer>
  );
}
