import { ConfigFormPanel } from './config-form-panel.tsx';
import { NumberField, SwitchField } from './fields.tsx';
import type { SectionProps } from './section-props.ts';
import { sessionsSpec } from './settings-specs.ts';
import { useConfigForm } from './use-config-form.ts';

/** How long access tokens and sessions live, and how refresh tokens are guarded. */
export function SessionsForm({ projectRef, config, canUpdate }: SectionProps) {
  const form = useConfigForm(projectRef, config, sessionsSpec, 'Successfully updated session settings');
  const { draft, set } = form;
  const disabled = !canUpdate;
  return (
    <ConfigFormPanel form={form} canUpdate={canUpdate} label="User sessions" testId="sessions-form" title="User Sessions" description="Configure the duration and behavior of user sessions.">
      <NumberField
        label="Access token (JWT) expiry time"
        suffix="seconds"
        description="How long access tokens are valid for before a refresh token has to be used. Recommended: 3600 (1 hour)."
        value={draft.jwtExp}
        onChange={(v) => set('jwtExp', v)}
        error={form.errorOf('jwtExp')}
        disabled={disabled}
        testId="jwt-exp-input"
      />
      <SwitchField
        label="Detect and revoke potentially compromised refresh tokens"
        description="Each refresh token can be used once: reusing one outside the interval below signs the whole session out, which stops a stolen token."
        checked={draft.isRotationEnabled}
        onChange={(v) => set('isRotationEnabled', v)}
        disabled={disabled}
        testId="refresh-rotation-switch"
      />
      <NumberField
        label="Refresh token reuse interval"
        suffix="seconds"
        description="Time during which a used refresh token may be used again, so concurrent requests from one app do not sign it out. Recommended: 10 seconds."
        value={draft.reuseInterval}
        onChange={(v) => set('reuseInterval', v)}
        error={form.errorOf('reuseInterval')}
        disabled={disabled}
        testId="reuse-interval-input"
      />
      <SwitchField
        label="Enforce single session per user"
        description="Signing in ends the user's other sessions: only the most recent one stays active."
        checked={draft.isSingleSession}
        onChange={(v) => set('isSingleSession', v)}
        disabled={disabled}
        testId="single-session-switch"
      />
      <NumberField
        label="Time-box user sessions"
        suffix="seconds"
        description="The longest a session may last, however active it is, before the user signs in again. 0 means never."
        value={draft.timebox}
        onChange={(v) => set('timebox', v)}
        error={form.errorOf('timebox')}
        disabled={disabled}
        testId="sessions-timebox-input"
      />
      <NumberField
        label="Inactivity timeout"
        suffix="seconds"
        description="A session not refreshed for this long ends. 0 means never."
        value={draft.inactivityTimeout}
        onChange={(v) => set('inactivityTimeout', v)}
        error={form.errorOf('inactivityTimeout')}
        disabled={disabled}
        testId="inactivity-timeout-input"
      />
    </ConfigFormPanel>
  );
}
