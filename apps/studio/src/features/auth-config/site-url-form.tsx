import { ConfigFormPanel } from './config-form-panel.tsx';
import { TextField } from './fields.tsx';
import type { SectionProps } from './section-props.ts';
import { siteUrlSpec } from './site-url.ts';
import { useConfigForm } from './use-config-form.ts';

export function SiteUrlForm({ projectRef, config, canUpdate }: SectionProps) {
  const form = useConfigForm(projectRef, config, siteUrlSpec, 'Successfully updated site URL');
  return (
    <ConfigFormPanel
      form={form}
      canUpdate={canUpdate}
      label="Site URL"
      testId="site-url-form"
      title="Site URL"
      description="Configure the default redirect URL used when a redirect URL is not specified or doesn't match one from the Redirect URLs. This is also the {{ .SiteURL }} of email templates."
    >
      <TextField label="Site URL" type="url" placeholder="https://example.com" value={form.draft.siteUrl} onChange={(v) => form.set('siteUrl', v)} error={form.errorOf('siteUrl')} disabled={!canUpdate} testId="site-url-input" />
    </ConfigFormPanel>
  );
}
