/**
 * Where the docs are: a section and, for tables/functions/buckets/edge functions, one item. The dialog
 * keeps it in state; the /project/{ref}/api page keeps it in the URL (?page=, ?resource=, ?rpc=,
 * ?bucket=, ?edge-function=).
 */
import { Feature } from '@plinth/permissions';

export type DocsSectionId = 'connect' | 'user-management' | 'entities' | 'stored-procedures' | 'storage' | 'edge-functions' | 'realtime';

export interface DocsLocation {
  section: DocsSectionId;
  /** A table or view (entities), a function (stored-procedures), a bucket id (storage) or an edge function's slug. */
  item: string | null;
}

export interface DocsSectionInfo {
  id: DocsSectionId;
  title: string;
  /** Shown only to members holding this feature (spec §6). */
  feature: Feature | null;
  /** The ?page= value of the full-page docs. */
  page: string | null;
}

export const DOCS_SECTIONS: readonly DocsSectionInfo[] = [
  { id: 'connect', title: 'Connect', feature: null, page: null },
  { id: 'user-management', title: 'User Management', feature: Feature.PROJECT_AUTH, page: 'users' },
  { id: 'entities', title: 'Tables & Views', feature: null, page: 'tables-intro' },
  { id: 'stored-procedures', title: 'Stored Procedures', feature: null, page: 'rpc-intro' },
  { id: 'storage', title: 'Storage', feature: Feature.PROJECT_STORAGE, page: 'storage' },
  { id: 'edge-functions', title: 'Edge Functions', feature: Feature.PROJECT_EDGE_FUNCTION, page: 'edge-functions' },
  { id: 'realtime', title: 'Realtime', feature: Feature.REALTIME, page: 'realtime' },
];

export const START: DocsLocation = { section: 'connect', item: null };

export function visibleSections(features: Record<Feature, boolean>): DocsSectionInfo[] {
  return DOCS_SECTIONS.filter((section) => !section.feature || features[section.feature]);
}

/** Reads ?page= / ?resource= / ?rpc= / ?bucket= / ?edge-function=; 'auth' is the keys page of older links, which Connect now holds. */
export function locationFromSearch(params: URLSearchParams): DocsLocation {
  const resource = params.get('resource');
  if (resource) return { section: 'entities', item: resource };
  const rpc = params.get('rpc');
  if (rpc) return { section: 'stored-procedures', item: rpc };
  const bucket = params.get('bucket');
  if (bucket) return { section: 'storage', item: bucket };
  const edgeFunction = params.get('edge-function');
  if (edgeFunction) return { section: 'edge-functions', item: edgeFunction };
  const page = params.get('page');
  const section = DOCS_SECTIONS.find((entry) => entry.page !== null && entry.page === page);
  return { section: section?.id ?? 'connect', item: null };
}

export function searchFromLocation(location: DocsLocation): URLSearchParams {
  const params = new URLSearchParams();
  if (location.item && location.section === 'entities') params.set('resource', location.item);
  else if (location.item && location.section === 'stored-procedures') params.set('rpc', location.item);
  else if (location.item && location.section === 'storage') params.set('bucket', location.item);
  else if (location.item && location.section === 'edge-functions') params.set('edge-function', location.item);
  else {
    const page = DOCS_SECTIONS.find((entry) => entry.id === location.section)?.page;
    if (page) params.set('page', page);
  }
  return params;
}

/** Anchors of snippet groups inside the content pane. */
export function anchorId(groupId: string): string {
  return `api-docs-${groupId}`;
}
