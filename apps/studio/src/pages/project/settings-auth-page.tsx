import { useParams } from 'react-router';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { AuthSettingsView } from '../../features/auth-config/auth-settings-view.tsx';

export default function AuthSettingsPage() {
  const { ref = '' } = useParams();
  return (
    <PageContainer size="narrow">
      <PageHeader title="Auth Settings" description="Configure sign-ups, email delivery, sessions, passwords, hooks and single sign-on for your project's users." />
      <AuthSettingsView projectRef={ref} />
    </PageContainer>
  );
}
