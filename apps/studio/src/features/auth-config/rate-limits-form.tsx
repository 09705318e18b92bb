import { AuthConfigGate } from './auth-config-gate.tsx';
import { ConfigFormPanel } from './config-form-panel.tsx';
import { NumberField } from './fields.tsx';
import type { SectionProps } from './section-props.ts';
import { RATE_LIMITS, rateLimitsSpec } from './rate-limits.ts';
import { useConfigForm } from './use-config-form.ts';

function RateLimitsForm({ projectRef, config, canUpdate }: SectionProps) {
  const form = useConfigForm(projectRef, config, rateLimitsSpec, 'Successfully updated rate limits');
  return (
    <ConfigFormPanel form={form} canUpdate={canUpdate} label="Rate limits" testId="rate-limits-form" title="Rate Limits" description="Requests over a limit are refused with 429 until the hour has passed. 0 refuses every request.">
      {RATE_LIMITS.map(({ field, label, description }) => (
        <NumberField
          key={field}
          label={label}
          description={description}
          suffix="per hour"
          value={form.draft[field]}
          onChange={(value) => form.set(field, value)}
          error={form.errorOf(field)}
          disabled={!canUpdate}
          testId={`${field.replaceAll('_', '-')}-input`}
        />
      ))}
    </ConfigFormPanel>
  );
}

/** Authentication > Rate Limits: how often each auth endpoint may be called, per hour. */
export function RateLimitsView({ projectRef }: { projectRef: string }) {
  return <AuthConfigGate projectRef={projectRef}>{(config, canUpdate) => <RateLimitsForm projectRef={projectRef} config={config} canUpdate={canUpdate} />}</AuthConfigGate>;
}
