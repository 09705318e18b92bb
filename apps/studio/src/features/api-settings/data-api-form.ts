/** Validation of the Data API settings form (mirrors the server's limits, so most errors never leave the page). */

export const MAX_ROWS_LIMIT = 1_000_000;

export interface DataApiForm {
  schemas: string[];
  maxRows: string;
  isPlanEnabled: boolean;
}

export interface DataApiErrors {
  schemas: string | null;
  maxRows: string | null;
}

export function parseSchemaList(text: string): string[] {
  return [...new Set(text.split(',').map((schema) => schema.trim()).filter(Boolean))];
}

export function validateDataApiForm(form: Pick<DataApiForm, 'schemas' | 'maxRows'>): DataApiErrors {
  const rows = form.maxRows.trim();
  let maxRows: string | null = null;
  if (!/^\d+$/.test(rows)) maxRows = 'Max rows must be a whole number';
  else if (Number(rows) < 1) maxRows = 'Max rows must be at least 1';
  else if (Number(rows) > MAX_ROWS_LIMIT) maxRows = 'Max rows can be at most 1,000,000';
  return { schemas: form.schemas.length === 0 ? 'Expose at least one schema' : null, maxRows };
}

/** System schemas can never be exposed; everything else the project has may be. */
export function exposableSchemas(names: string[], exposed: string[]): string[] {
  const isSystem = (name: string) => name === 'information_schema' || name.startsWith('pg_');
  return [...new Set([...names.filter((name) => !isSystem(name)), ...exposed])].sort((a, b) => a.localeCompare(b));
}
