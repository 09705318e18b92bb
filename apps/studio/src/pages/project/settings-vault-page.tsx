import { useParams } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { VaultView } from '../../features/vault/vault-view.tsx';

export default function VaultPage() {
  const { ref = '' } = useParams();
  return (
    <PageContainer>
      <PageHeader
        title={<span className="inline-flex items-center gap-2">Vault <Badge tone="info">Beta</Badge></span>}
        description="Secrets stored encrypted in your database, decrypted only for the postgres role and service_role."
      />
      <VaultView projectRef={ref} />
    </PageContainer>
  );
}
