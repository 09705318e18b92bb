import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { api, apiDownload } from '../../lib/api.ts';
import { orgIntegrationKeys } from './keys.ts';

export function getLegalDocuments(slug: string, signal?: AbortSignal) {
  return api.get<ResponseOf<'legalDocuments'>>(`/organizations/${encodeURIComponent(slug)}/documents`, { signal });
}

export function useLegalDocumentsQuery(slug: string | undefined) {
  return useQuery({ queryKey: orgIntegrationKeys.documents(slug), queryFn: ({ signal }) => getLegalDocuments(slug ?? '', signal), enabled: !!slug });
}

/** The document's bytes, for the browser to save under its own name. */
export function downloadLegalDocument(slug: string, name: string): Promise<Blob> {
  return apiDownload('GET', `/organizations/${encodeURIComponent(slug)}/documents/${encodeURIComponent(name)}`);
}
