import { useParams } from 'react-router';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { useOrganizationAuditQuery } from '../../data/organizations/organization-audit-query.ts';
import { AuditTable } from '../../features/audit/audit-table.tsx';

export default function OrganizationAuditPage() {
  const { slug = '' } = useParams();
  const audit = useOrganizationAuditQuery(slug);
  return (
    <PageContainer size="wide">
      <PageHeader title="Audit Logs" description="What members of this organization did, and when." />
      <AuditTable query={audit} />
    </PageContainer>
  );
}
