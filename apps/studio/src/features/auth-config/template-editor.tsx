import { useRef } from 'react';
import type { MailTemplate } from '@plinth/api-contract';
import { Field, Input, Textarea } from '../../components/ui/input.tsx';
import { renderPreview, TEMPLATE_INFO, TEMPLATE_VARIABLES, type TemplateDraft } from './mail-templates.ts';

interface TemplateEditorProps {
  template: MailTemplate;
  value: TemplateDraft;
  onChange: (value: TemplateDraft) => void;
  error: string | null;
  disabled: boolean;
  urls: { siteUrl: string; authUrl: string };
}

/** One template: subject, HTML body, the variables it may use, and a preview with sample values. */
export function TemplateEditor({ template, value, onChange, error, disabled, urls }: TemplateEditorProps) {
  const bodyRef = useRef<HTMLTextAreaElement>(null);

  /** Puts a variable where the cursor is in the body, and the cursor after it. */
  function insert(variable: string) {
    const textarea = bodyRef.current;
    const start = textarea?.selectionStart ?? value.content.length;
    const end = textarea?.selectionEnd ?? start;
    onChange({ ...value, content: value.content.slice(0, start) + variable + value.content.slice(end) });
    requestAnimationFrame(() => {
      textarea?.focus();
      textarea?.setSelectionRange(start + variable.length, start + variable.length);
    });
  }

  return (
    <div className="space-y-5" data-testid={`template-editor-${template}`}>
      <p className="text-sm text-fg-muted">{TEMPLATE_INFO[template].description}</p>
      <Field label="Subject heading">
        {(props) => (
          <Input {...props} disabled={disabled} value={value.subject} onChange={(e) => onChange({ ...value, subject: e.target.value })} data-testid="template-subject-input" />
        )}
      </Field>
      <div className="grid gap-5 xl:grid-cols-2">
        <Field label="Message body" description="HTML. The preview on the right fills the variables with sample values.">
          {(props) => (
            <Textarea
              {...props}
              ref={bodyRef}
              disabled={disabled}
              spellCheck={false}
              className="min-h-80 font-mono text-xs"
              value={value.content}
              onChange={(e) => onChange({ ...value, content: e.target.value })}
              data-testid="template-body-input"
            />
          )}
        </Field>
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-fg">Preview</p>
          {/* No sandbox permissions: the template's scripts, forms and links do nothing here. */}
          <iframe
            title={`Preview of ${TEMPLATE_INFO[template].label}`}
            sandbox=""
            srcDoc={renderPreview(value.content, template, urls)}
            className="h-80 w-full rounded-md border border-line-strong bg-white"
            data-testid="template-preview"
          />
        </div>
      </div>
      {error && <p role="alert" className="text-sm text-danger">{error}</p>}
      <div className="space-y-2">
        <p className="text-sm font-medium text-fg">Message variables</p>
        <ul className="grid gap-x-6 gap-y-1.5 sm:grid-cols-2" aria-label="Message variables">
          {TEMPLATE_VARIABLES.map((variable) => (
            <li key={variable.name} className="flex items-baseline gap-2 text-xs">
              <button
                type="button"
                disabled={disabled}
                onClick={() => insert(variable.name)}
                title="Insert at the cursor"
                className="shrink-0 rounded bg-surface-3 px-1.5 py-0.5 font-mono text-fg hover:bg-line-strong disabled:cursor-not-allowed disabled:opacity-60"
              >
                {variable.name}
              </button>
              <span className="text-fg-muted">{variable.description}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
