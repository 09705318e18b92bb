import { ErrorState } from '../../components/ui/error-state.tsx';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { useProfileQuery } from '../../data/profile/profile-query.ts';
import { ProfileForm } from '../../features/account/profile-form.tsx';

export default function AccountPreferencesPage() {
  const profile = useProfileQuery();
  return (
    <PageContainer size="narrow">
      <PageHeader title="Preferences" description="Your personal profile." />
      {profile.isPending ? (
        <SkeletonRows rows={3} />
      ) : profile.isError ? (
        <ErrorState error={profile.error} title="Failed to load your profile" onRetry={() => void profile.refetch()} />
      ) : (
        <ProfileForm profile={profile.data} />
      )}
    </PageContainer>
  );
}
