/**
 * Fills a project's mail template: GoTrue's variables (`{{ .ConfirmationURL }}`, `{{ .Token }}`,
 * `{{ .TokenHash }}`, `{{ .SiteURL }}`, `{{ .RedirectTo }}`, `{{ .Email }}`, `{{ .NewEmail }}`,
 * `{{ .Data.key }}`), each value HTML-escaped. Only substitution: templates are written by project
 * members, and no logic in them could reach anything but these values.
 */
export interface TemplateValues {
  ConfirmationURL: string;
  Token: string;
  TokenHash: string;
  SiteURL: string;
  RedirectTo: string;
  Email: string;
  NewEmail: string;
  Data: Record<string, unknown>;
}

/** Text made safe inside HTML element content and attribute values. */
export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function stringOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function renderTemplate(template: string, values: TemplateValues): string {
  return template.replace(/\{\{\s*\.([A-Za-z]+)((?:\.[A-Za-z0-9_]+)*)\s*\}\}/g, (whole, name: string, path: string) => {
    if (name === 'Data') {
      const keys = path.split('.').filter(Boolean);
      const value = keys.reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), values.Data);
      return escapeHtml(stringOf(value));
    }
    if (!(name in values) || path) return whole;
    return escapeHtml(stringOf(values[name as keyof TemplateValues]));
  });
}
