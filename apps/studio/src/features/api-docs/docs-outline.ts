/** The anchors of the current docs page, for the left pane; the content renders the same ids. */
import type { Bucket, EdgeFunction } from '@plinth/api-contract';
import type { DocsSource } from '../../data/api-docs/openapi.ts';
import type { DocsLocation } from './docs-location.ts';
import { authSnippetGroups } from './snippets/auth-snippets.ts';
import { edgeFunctionSnippetGroups } from './snippets/edge-function-snippets.ts';
import { realtimeGroups } from './snippets/realtime-snippets.ts';
import { rpcSnippetGroups } from './snippets/rpc-snippets.ts';
import { storageSnippetGroups } from './snippets/storage-snippets.ts';
import { tableSnippetGroups } from './snippets/table-snippets.ts';
import type { SnippetContext, SnippetGroup } from './snippets/types.ts';

export interface Anchor {
  id: string;
  title: string;
}

const titles = (groups: SnippetGroup[]): Anchor[] => groups.map(({ id, title }) => ({ id, title }));

/** What the outline reads besides the location and the snippet context. */
export interface DocsSources {
  source: DocsSource | undefined;
  buckets: readonly Bucket[] | undefined;
  edgeFunctions: readonly EdgeFunction[] | undefined;
}

/** Snippet groups of the page at `location` (empty for the pages made of other content only). */
export function snippetGroupsOf(location: DocsLocation, ctx: SnippetContext, { source, buckets, edgeFunctions }: DocsSources): SnippetGroup[] {
  switch (location.section) {
    case 'user-management':
      return authSnippetGroups(ctx);
    case 'entities': {
      const table = source?.tables.find((entry) => entry.name === location.item);
      return table ? tableSnippetGroups(table, ctx) : [];
    }
    case 'stored-procedures': {
      const fn = source?.functions.find((entry) => entry.name === location.item);
      return fn ? rpcSnippetGroups(fn, ctx) : [];
    }
    case 'storage': {
      if (!location.item) return storageSnippetGroups(ctx);
      const bucket = buckets?.find((entry) => entry.id === location.item);
      return bucket ? storageSnippetGroups(ctx, { id: bucket.id, isPublic: bucket.public }) : [];
    }
    case 'edge-functions': {
      if (!location.item) return edgeFunctionSnippetGroups(ctx);
      const fn = edgeFunctions?.find((entry) => entry.slug === location.item);
      return fn ? edgeFunctionSnippetGroups(ctx, fn.slug) : [];
    }
    case 'realtime':
      return realtimeGroups(ctx);
    default:
      return [];
  }
}

export function anchorsOf(location: DocsLocation, ctx: SnippetContext, sources: DocsSources): Anchor[] {
  const groups = titles(snippetGroupsOf(location, ctx, sources));
  switch (location.section) {
    case 'connect':
      return [
        { id: 'connect-keys', title: 'Project URL and keys' },
        { id: 'client-library', title: 'Client library' },
      ];
    case 'entities':
      return location.item
        ? [{ id: 'table-columns', title: 'Columns' }, ...groups]
        : [
            { id: 'entities-types', title: 'Generate types' },
            { id: 'entities-list', title: 'Tables & Views' },
          ];
    case 'stored-procedures':
      return location.item ? [{ id: 'function-arguments', title: 'Arguments' }, ...groups] : [{ id: 'functions-list', title: 'Stored Procedures' }];
    case 'storage':
      return location.item ? [{ id: 'bucket-settings', title: 'Settings' }, ...groups] : [{ id: 'storage-buckets', title: 'Buckets' }, ...groups];
    case 'edge-functions':
      return location.item ? groups : [{ id: 'edge-functions-list', title: 'Edge Functions' }, ...groups];
    default:
      return groups;
  }
}
