import { useSearchParams } from 'react-router';
import { PageContainer } from '../components/ui/page-header.tsx';
import { ConsentView } from '../features/oauth-apps/consent-view.tsx';

/** /authorize?auth_id=…: where /api/v1/oauth/authorize sends a member to approve or deny an app. */
export default function AuthorizePage() {
  const [params] = useSearchParams();
  return (
    <PageContainer size="narrow">
      <div className="py-10">
        <ConsentView id={params.get('auth_id') ?? ''} />
      </div>
    </PageContainer>
  );
}
