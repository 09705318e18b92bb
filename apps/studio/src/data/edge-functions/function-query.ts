import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { isApiError } from '../../lib/api.ts';
import { edgeFunctionKeys } from './keys.ts';
import { managementRequest } from '../management-request.ts';
import { functionPath } from './function-path.ts';

export type EdgeFunctionItem = ResponseOf<'v1Function'>;

export function getFunction(ref: string, slug: string, signal?: AbortSignal) {
  return managementRequest<EdgeFunctionItem>('GET', functionPath(ref, slug), { signal });
}

export function isFunctionNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** GET /v1/projects/{ref}/functions/{slug}: one function's settings and current version. */
export function useFunctionQuery(ref: string | undefined, slug: string | undefined) {
  return useQuery({
    queryKey: edgeFunctionKeys.detail(ref, slug),
    queryFn: ({ signal }) => getFunction(ref as string, slug as string, signal),
    enabled: !!ref && !!slug,
    // A missing function stays missing; asking again only delays the "not found" state.
    retry: (count, error) => !isFunctionNotFound(error) && count < 2,
  });
}
