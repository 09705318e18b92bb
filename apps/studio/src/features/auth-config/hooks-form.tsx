import { ConfigFormPanel } from './config-form-panel.tsx';
import { HookField } from './hook-field.tsx';
import type { SectionProps } from './section-props.ts';
import { hooksSpec, type Hook } from './settings-specs.ts';
import { useConfigForm } from './use-config-form.ts';

const HOOK_TEXT: Record<Hook, { label: string; description: string }> = {
  custom_access_token: {
    label: 'Customize Access Token (JWT) Claims hook',
    description: 'Runs before a token is issued: the function receives the claims (jsonb) and returns them, changed as you need (roles, organization ids, ...).',
  },
  before_user_created: {
    label: 'Before User Created hook',
    description: 'Runs before a user is created: the function receives the new user (jsonb) and may refuse it by returning an error.',
  },
};

/** Auth hooks: Postgres functions of the project the auth service calls at set points. */
export function HooksForm({ projectRef, config, canUpdate }: SectionProps) {
  const form = useConfigForm(projectRef, config, hooksSpec, 'Successfully updated auth hooks');
  return (
    <ConfigFormPanel form={form} canUpdate={canUpdate} label="Auth hooks" testId="hooks-form" title="Auth Hooks" description="Use Postgres functions to customize how the project's auth service behaves.">
      {(Object.keys(HOOK_TEXT) as Hook[]).map((hook) => (
        <HookField
          key={hook}
          projectRef={projectRef}
          label={HOOK_TEXT[hook].label}
          description={HOOK_TEXT[hook].description}
          value={form.draft[hook]}
          onChange={(value) => form.set(hook, value)}
          error={form.errorOf(hook)}
          disabled={!canUpdate}
          testId={`hook-${hook.replaceAll('_', '-')}`}
        />
      ))}
    </ConfigFormPanel>
  );
}
