import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { useProfileAuditQuery } from '../../data/profile/profile-audit-query.ts';
import { AuditTable } from '../../features/audit/audit-table.tsx';

export default function AccountAuditPage() {
  const audit = useProfileAuditQuery();
  return (
    <PageContainer size="wide">
      <PageHeader title="Audit logs" description="Actions you performed across all of your organizations." />
      <AuditTable query={audit} />
    </PageContainer>
  );
}
