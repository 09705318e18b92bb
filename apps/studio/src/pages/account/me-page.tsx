import { ErrorState } from '../../components/ui/error-state.tsx';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { usePreferencesQuery } from '../../data/preferences/preferences-query.ts';
import { useProfileQuery } from '../../data/profile/profile-query.ts';
import { DeleteAccountPanel } from '../../features/account/delete-account-panel.tsx';
import { PreferencesPanel } from '../../features/account/preferences-panel.tsx';
import { ProfileForm } from '../../features/account/profile-form.tsx';

export default function AccountPreferencesPage() {
  const profile = useProfileQuery();
  const preferences = usePreferencesQuery();
  return (
    <PageContainer size="narrow">
      <PageHeader title="Preferences" description="Your personal profile." />
      {profile.isPending ? (
        <SkeletonRows rows={3} />
      ) : profile.isError ? (
        <ErrorState error={profile.error} title="Failed to load your profile" onRetry={() => void profile.refetch()} />
      ) : (
        <div className="space-y-6">
          <ProfileForm profile={profile.data} />
          {preferences.isPending ? (
            <SkeletonRows rows={2} />
          ) : preferences.isError ? (
            <ErrorState error={preferences.error} title="Failed to load your preferences" onRetry={() => void preferences.refetch()} />
          ) : (
            <PreferencesPanel preferences={preferences.data} />
          )}
          <DeleteAccountPanel email={profile.data.primary_email} />
        </div>
      )}
    </PageContainer>
  );
}
