import { apiDownload } from '../../lib/api.ts';

export interface AuditExportRange {
  format: 'csv' | 'json';
  /** ISO date-times; either may be left out. The server cuts the range to the plan's retention. */
  from?: string;
  to?: string;
}

/** GET /platform/organizations/{slug}/audit/export: the audit log in a range as CSV or JSON. */
export function exportOrganizationAudit(slug: string, range: AuditExportRange): Promise<Blob> {
  return apiDownload('GET', `/organizations/${encodeURIComponent(slug)}/audit/export`, { query: { ...range } });
}
