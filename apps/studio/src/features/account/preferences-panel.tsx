import { toast } from 'sonner';
import type { Preferences, Theme } from '@plinth/api-contract';
import { Field, Select } from '../../components/ui/input.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { useOrganizationsQuery } from '../../data/organizations/organizations-query.ts';
import { usePreferencesUpdateMutation } from '../../data/preferences/preferences-update-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

const THEME_OPTIONS: readonly { value: Theme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
];

/** Theme and default organisation, saved on each change (kept on the server, so they follow you). */
export function PreferencesPanel({ preferences }: { preferences: Preferences }) {
  const update = usePreferencesUpdateMutation();
  const organizations = useOrganizationsQuery();
  const save = (body: Partial<Preferences>, done: string) =>
    update.mutate(body, { onSuccess: () => toast.success(done), onError: (error) => toast.error(`Failed to save preferences: ${errorMessage(error)}`) });

  return (
    <Panel title="Appearance and defaults" description="Saved to your account, on every device you sign in from." testId="preferences-panel">
      <div className="space-y-5">
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-fg">Theme</p>
          <SegmentedControl label="Theme" options={THEME_OPTIONS} value={preferences.theme} onChange={(theme) => save({ theme }, 'Theme updated')} />
        </div>
        <Field label="Default organization" description="Listed first on the projects page, where you land after signing in.">
          {(props) => (
            <Select
              {...props}
              value={preferences.default_organization_slug ?? ''}
              disabled={!organizations.data}
              onChange={(e) => save({ default_organization_slug: e.target.value || null }, 'Default organization updated')}
              data-testid="default-organization"
            >
              <option value="">None</option>
              {organizations.data?.map((organization) => (
                <option key={organization.slug} value={organization.slug}>
                  {organization.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
    </Panel>
  );
}
