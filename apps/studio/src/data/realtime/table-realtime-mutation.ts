import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listAll, pgMetaApi } from '../pg-meta/pg-meta-api.ts';
import type { Publication } from '../pg-meta/types.ts';
import { publicationKeys } from '../publications/keys.ts';
import { publicationTablesWith, REALTIME_PUBLICATION, realtimePublicationOf, type TableName } from './realtime-publication.ts';

/**
 * Adds a table to `supabase_realtime` or takes it out, through the pg-meta publications endpoints
 * the Replication page uses. The publication is read afresh first, so a table someone added
 * meanwhile is kept; a project whose publication was deleted gets it back with this one table.
 */
export async function setTableRealtime(ref: string, table: TableName, enabled: boolean): Promise<Publication> {
  const publication = realtimePublicationOf(await listAll<Publication>(ref, 'publications'));
  if (!publication) {
    if (!enabled) throw new Error(`The ${REALTIME_PUBLICATION} publication does not exist.`);
    return pgMetaApi.create<Publication>(ref, 'publications', { name: REALTIME_PUBLICATION, tables: [table] });
  }
  return pgMetaApi.update<Publication>(ref, 'publications', publication.id, { tables: publicationTablesWith(publication, table, enabled) });
}

/** The Realtime toggle: the publications list (Replication page and toggle alike) is stale afterwards. */
export function useTableRealtimeMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ table, enabled }: { table: TableName; enabled: boolean }) => setTableRealtime(ref, table, enabled),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicationKeys.list(ref) }),
  });
}
