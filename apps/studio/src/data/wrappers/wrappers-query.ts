import { useQuery } from '@tanstack/react-query';
import type { WrappersStatus } from '@plinth/api-contract';
import { api, type RequestOptions } from '../../lib/api.ts';
import { wrapperKeys } from './keys.ts';

/** GET .../wrappers: whether postgres_fdw is available and enabled, its servers (no secrets) and foreign tables. */
export function getWrappersStatus(ref: string, options: RequestOptions = {}): Promise<WrappersStatus> {
  return api.get<WrappersStatus>(`/projects/${encodeURIComponent(ref)}/wrappers`, options);
}

export function useWrappersQuery(ref: string | undefined) {
  return useQuery({
    queryKey: wrapperKeys.status(ref),
    queryFn: ({ signal }) => getWrappersStatus(ref ?? '', { signal }),
    enabled: !!ref,
  });
}
