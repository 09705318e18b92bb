import { useParams } from 'react-router';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { useOrganizationAuditQuery } from '../../data/organizations/organization-audit-query.ts';
import { AuditExportButton } from '../../features/audit/audit-export-button.tsx';
import { AuditTable } from '../../features/audit/audit-table.tsx';

export default function OrganizationAuditPage() {
  const { slug = '' } = useParams();
  const audit = useOrganizationAuditQuery(slug);
  return (
    <PageContainer size="wide">
      <PageHeader title="Audit Logs" description="What members of this organization did, and when, as far back as the plan keeps it." actions={<AuditExportButton slug={slug} />} />
      <AuditTable query={audit} />
    </PageContainer>
  );
}
