import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { AccessTokensView } from '../../features/access-tokens/access-tokens-view.tsx';

export default function AccountTokensPage() {
  return (
    <PageContainer size="wide">
      <PageHeader title="Access Tokens" description="Personal access tokens for the Management API, the Supabase CLI and your scripts." />
      <AccessTokensView />
    </PageContainer>
  );
}
