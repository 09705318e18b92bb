/**
 * The table editor's Realtime toggle in pure terms: a table sends changes when it is in the
 * `supabase_realtime` publication (the same publication the Replication page edits).
 */
import type { Publication } from '../pg-meta/types.ts';

export const REALTIME_PUBLICATION = 'supabase_realtime';

export interface TableName {
  schema: string;
  name: string;
}

/** 'all': the publication is FOR ALL TABLES, so the table is in it and cannot be taken out alone. */
export type TableRealtimeState = 'on' | 'off' | 'all';

export function realtimePublicationOf(publications: readonly Publication[] | undefined): Publication | undefined {
  return publications?.find((publication) => publication.name === REALTIME_PUBLICATION);
}

export function tableRealtimeState(publication: Publication | undefined, table: TableName): TableRealtimeState {
  if (!publication) return 'off';
  if (publication.tables === null) return 'all';
  return publication.tables.some((entry) => entry.schema === table.schema && entry.name === table.name) ? 'on' : 'off';
}

/** The publication's tables once `table` is added (enabled) or removed, others kept in their order. */
export function publicationTablesWith(publication: Publication, table: TableName, enabled: boolean): TableName[] {
  const others = (publication.tables ?? [])
    .filter((entry) => !(entry.schema === table.schema && entry.name === table.name))
    .map(({ schema, name }) => ({ schema, name }));
  return enabled ? [...others, { schema: table.schema, name: table.name }] : others;
}
