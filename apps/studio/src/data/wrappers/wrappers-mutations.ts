import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ForeignSchemaImport, ForeignServerCreate } from '@plinth/api-contract';
import { api } from '../../lib/api.ts';
import { extensionKeys } from '../extensions/keys.ts';
import { pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import { wrapperKeys } from './keys.ts';

const base = (ref: string) => `/projects/${encodeURIComponent(ref)}/wrappers`;
const serverPath = (ref: string, name: string) => `${base(ref)}/servers/${encodeURIComponent(name)}`;

/**
 * Every change is followed by a fresh read of the page; enabling also changes what the Extensions
 * page shows, and foreign tables appear in the Table Editor's lists (their own queries refetch on mount).
 */
function useWrapperMutation<T>(ref: string, run: (input: T) => Promise<unknown>, alsoExtensions = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: wrapperKeys.status(ref) });
      if (alsoExtensions) await queryClient.invalidateQueries({ queryKey: extensionKeys.list(ref) });
    },
  });
}

/** POST .../wrappers/enable: postgres_fdw, created by the platform on the owner's behalf where needed. */
export function useEnableWrappersMutation(ref: string) {
  return useWrapperMutation<void>(ref, () => api.post(`${base(ref)}/enable`), true);
}

/** The password goes to the server once, in the body; nothing sends it back. */
export function useCreateForeignServerMutation(ref: string) {
  return useWrapperMutation<ForeignServerCreate>(ref, (body) => api.post(`${base(ref)}/servers`, body));
}

export function useDropForeignServerMutation(ref: string) {
  return useWrapperMutation<{ name: string; cascade: boolean }>(ref, ({ name, cascade }) =>
    api.delete(serverPath(ref, name), undefined, { query: cascade ? { cascade: 'true' } : {} }));
}

export function useImportForeignSchemaMutation(ref: string) {
  return useWrapperMutation<{ server: string } & ForeignSchemaImport>(ref, ({ server, ...body }) => api.post(`${serverPath(ref, server)}/import`, body));
}

/** pg-meta's foreign-table endpoint (DROP FOREIGN TABLE by oid). */
export function useDropForeignTableMutation(ref: string) {
  return useWrapperMutation<number>(ref, (id) => pgMetaApi.remove(ref, 'foreign-tables', id));
}
