import { useQuery } from '@tanstack/react-query';
import { listAll } from '../pg-meta/pg-meta-api.ts';
import type { Extension } from '../pg-meta/types.ts';
import { extensionKeys } from './keys.ts';

/** Installed and available extensions (`is_loadable`: the engine can really load it). */
export function useExtensionsQuery(ref: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: extensionKeys.list(ref),
    queryFn: ({ signal }) => listAll<Extension>(ref ?? '', 'extensions', { signal }),
    enabled: enabled && !!ref,
    staleTime: 60_000,
  });
}

/**
 * The database menu's flags: Webhooks need the network extension (pg_net), Wrappers the wrappers
 * extension (spec document 1, route map). Installed counts, not merely available.
 */
export function useDatabaseMenuFlags(ref: string | undefined, isDatabaseSection: boolean): { hasNetworkExtension: boolean; hasWrappersExtension: boolean } {
  const extensions = useExtensionsQuery(ref, { enabled: isDatabaseSection });
  const isInstalled = (name: string) => !!extensions.data?.some((e) => e.name === name && e.installed_version !== null);
  // Plinth never has pg_net itself, but its own net.http_* functions and webhooks (enabled on the
  // Webhooks page, sent by the platform) exist on every engine: the network "extension" is always there.
  return { hasNetworkExtension: true, hasWrappersExtension: isInstalled('wrappers') };
}
