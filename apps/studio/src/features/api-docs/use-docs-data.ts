import { Action, can, Feature, hasFeature, Resource } from '@plinth/permissions';
import { hasApiKeys, useApiSettingsQuery } from '../../data/api-settings/api-settings-query.ts';
import { exposedSchemasOf, usePostgrestConfigQuery } from '../../data/api-settings/postgrest-config-query.ts';
import { useFunctionsQuery } from '../../data/edge-functions/functions-query.ts';
import { useProjectOpenApiQuery } from '../../data/api-docs/openapi-query.ts';
import { useOrganizationRole } from '../../data/permissions/can.ts';
import { useProjectQuery } from '../../data/projects/project-query.ts';
import { useBucketsQuery } from '../../data/storage/buckets-query.ts';
import { projectApiUrl } from '../project-home/project-api-panel.tsx';
import type { SnippetContext } from './snippets/types.ts';

const ALL_FEATURES = Object.values(Feature) as Feature[];

/** Everything the docs need: URL and keys (as this member may see them), the REST spec, buckets, edge functions, the gates. */
export function useDocsData(projectRef: string, showKeys: boolean) {
  const project = useProjectQuery(projectRef);
  const { role } = useOrganizationRole(project.data?.organization_slug);
  const settings = useApiSettingsQuery(projectRef);
  const config = usePostgrestConfigQuery(projectRef);
  const canReadServiceKey = can(role, Action.READ, Resource.SERVICE_API_KEYS);
  const anonKey = settings.data?.autoApiService.defaultApiKey ?? '';
  const serviceKey = canReadServiceKey ? (settings.data?.autoApiService.serviceApiKey ?? '') : '';
  // The service key sees everything exposed; a member who may not read it sees what anon may.
  const openApi = useProjectOpenApiQuery(projectRef, serviceKey || anonKey || undefined);
  const url = projectApiUrl(projectRef, settings.data);
  const features = Object.fromEntries(ALL_FEATURES.map((feature) => [feature, hasFeature(role, feature)])) as Record<Feature, boolean>;
  // Only members who see the Storage section ask for the buckets.
  const buckets = useBucketsQuery(features[Feature.PROJECT_STORAGE] ? projectRef : undefined);
  const edgeFunctions = useFunctionsQuery(features[Feature.PROJECT_EDGE_FUNCTION] ? projectRef : undefined);
  const context: SnippetContext = {
    url,
    anonKey: showKeys && anonKey ? anonKey : null,
    serviceKey: showKeys && serviceKey ? serviceKey : null,
    schema: exposedSchemasOf(config.data)[0] ?? 'public',
  };
  return {
    slug: project.data?.organization_slug,
    settings,
    hasKeys: hasApiKeys(settings.data),
    openApi,
    buckets,
    edgeFunctions,
    url,
    anonKey,
    serviceKey,
    canReadServiceKey,
    context,
    features,
  };
}

export type DocsData = ReturnType<typeof useDocsData>;
