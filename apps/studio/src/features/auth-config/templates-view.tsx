import { useState } from 'react';
import type { MailTemplate } from '@plinth/api-contract';
import { projectPublicUrl } from '../../lib/constants.ts';
import { cn } from '../../lib/cn.ts';
import { AuthConfigGate } from './auth-config-gate.tsx';
import { ConfigFormPanel } from './config-form-panel.tsx';
import { isTemplateChanged, TEMPLATE_IDS, TEMPLATE_INFO, templatesSpec } from './mail-templates.ts';
import type { SectionProps } from './section-props.ts';
import { TemplateEditor } from './template-editor.tsx';
import { useConfigForm } from './use-config-form.ts';

/** The six templates in one form: switching tabs keeps edits, Save sends every changed one. */
function TemplatesForm({ projectRef, config, canUpdate }: SectionProps) {
  const form = useConfigForm(projectRef, config, templatesSpec, 'Successfully updated email templates');
  const [selected, setSelected] = useState<MailTemplate>('confirmation');
  const saved = templatesSpec.draftOf(config);

  return (
    <ConfigFormPanel form={form} canUpdate={canUpdate} label="Email templates" testId="templates-form">
      <div role="tablist" aria-label="Email templates" className="-mx-5 -mt-4 flex flex-wrap gap-1 border-b border-line px-3 pt-2">
        {TEMPLATE_IDS.map((id) => {
          const isChanged = isTemplateChanged(saved[id], form.draft[id]);
          return (
            <button
              key={id}
              type="button"
              role="tab"
              id={`template-tab-${id}`}
              aria-selected={selected === id}
              aria-controls="template-tabpanel"
              onClick={() => setSelected(id)}
              className={cn(
                '-mb-px flex items-center gap-1.5 border-b-2 px-3 py-2 text-sm transition-colors',
                selected === id ? 'border-brand text-fg' : 'border-transparent text-fg-muted hover:text-fg',
              )}
            >
              {TEMPLATE_INFO[id].label}
              {isChanged && <span aria-hidden className="size-1.5 rounded-full bg-warning" />}
              {isChanged && <span className="sr-only">(modified)</span>}
              {form.errorOf(id) && <span className="sr-only">(has errors)</span>}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id="template-tabpanel" aria-labelledby={`template-tab-${selected}`}>
        <TemplateEditor
          key={selected}
          template={selected}
          value={form.draft[selected]}
          onChange={(value) => form.set(selected, value)}
          error={form.errorOf(selected)}
          disabled={!canUpdate}
          urls={{ siteUrl: config.site_url, authUrl: `${projectPublicUrl(projectRef)}/auth/v1` }}
        />
      </div>
    </ConfigFormPanel>
  );
}

/** Authentication > Email Templates. */
export function TemplatesView({ projectRef }: { projectRef: string }) {
  return <AuthConfigGate projectRef={projectRef}>{(config, canUpdate) => <TemplatesForm projectRef={projectRef} config={config} canUpdate={canUpdate} />}</AuthConfigGate>;
}
