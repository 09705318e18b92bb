import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { MfaFactorsPanel } from '../../features/account/mfa-factors-panel.tsx';

export default function AccountSecurityPage() {
  return (
    <PageContainer size="narrow">
      <PageHeader title="Security" description="Keep your account safe." />
      <MfaFactorsPanel />
    </PageContainer>
  );
}
