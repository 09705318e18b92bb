import { useState } from 'react';
import { Puzzle } from 'lucide-react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import type { Extension } from '../../../data/pg-meta/types.ts';
import { useExtensionDisableMutation } from '../../../data/extensions/extension-disable-mutation.ts';
import { useExtensionEnableMutation } from '../../../data/extensions/extension-enable-mutation.ts';
import { useExtensionsQuery } from '../../../data/extensions/extensions-query.ts';
import { errorMessage } from '../../../lib/api.ts';
import { QueryStates } from '../shared/query-states.tsx';
import { matches, SearchInput } from '../shared/search-input.tsx';
import { useCanWriteDatabase } from '../shared/write-permission.tsx';
import { ExtensionCard } from './extension-card.tsx';
import { catalogueEntry, EXTENSION_CATALOGUE } from './extension-catalogue.ts';

/** Enabled first, then the ones this engine can load, then the rest; each group by name. */
function order(a: Extension, b: Extension): number {
  const rank = (e: Extension) => (e.installed_version !== null ? 0 : e.is_loadable ? 1 : 2);
  return rank(a) - rank(b) || a.name.localeCompare(b.name);
}

/**
 * The catalogue's extensions this database does not offer are listed too, marked unavailable, so
 * people see what exists and that this engine cannot load it (rather than wondering where it is).
 */
function withCatalogue(extensions: Extension[]): Extension[] {
  if (extensions.length === 0) return extensions;
  const known = new Set(extensions.map((e) => e.name));
  const missing = EXTENSION_CATALOGUE.filter((entry) => !known.has(entry.name)).map(
    (entry): Extension => ({ name: entry.name, schema: null, default_version: null, installed_version: null, comment: null, is_loadable: false }),
  );
  return [...extensions, ...missing];
}

export function ExtensionsView({ projectRef }: { projectRef: string }) {
  const extensions = useExtensionsQuery(projectRef);
  const canWrite = useCanWriteDatabase(projectRef);
  const enable = useExtensionEnableMutation(projectRef);
  const disable = useExtensionDisableMutation(projectRef);
  const [search, setSearch] = useState('');
  const [confirming, setConfirming] = useState<Extension | null>(null);
  const shown = withCatalogue(extensions.data ?? [])
    .filter((e) => matches(search, e.name, catalogueEntry(e.name, e.comment).comment, ...catalogueEntry(e.name, e.comment).tags))
    .sort(order);
  const isEnabling = confirming?.installed_version === null;

  function confirm() {
    if (!confirming) return;
    const name = confirming.name;
    const done = (verb: string) => () => {
      toast.success(`Extension "${name}" is now ${verb}`);
      setConfirming(null);
    };
    if (isEnabling) {
      enable.mutate({ name, schema: 'extensions', cascade: true }, { onSuccess: done('enabled'), onError: (e) => toast.error(`Failed to enable ${name}: ${errorMessage(e)}`) });
    } else {
      disable.mutate({ name }, { onSuccess: done('disabled'), onError: (e) => toast.error(`Failed to disable ${name}: ${errorMessage(e)}`) });
    }
  }

  return (
    <div className="space-y-4">
      <SearchInput value={search} onChange={setSearch} placeholder="Search for an extension" />
      <QueryStates
        query={extensions}
        items={shown}
        errorTitle="Failed to retrieve extensions"
        testId="extensions"
        empty={{ icon: <Puzzle />, title: 'No extensions available', description: 'This database offers no extensions.' }}
        noResults={{ title: 'No results found', description: `Your search for "${search}" did not return any results` }}
      >
        {(rows) => (
          <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
            {rows.map((extension) => (
              <ExtensionCard key={extension.name} extension={extension} canWrite={canWrite} isBusy={(enable.isPending || disable.isPending) && confirming?.name === extension.name} onToggle={() => setConfirming(extension)} />
            ))}
          </div>
        )}
      </QueryStates>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming ? `${isEnabling ? 'Enable' : 'Disable'} ${confirming.name}` : ''}
        description={
          isEnabling
            ? 'The extension is created in the "extensions" schema, with any extensions it requires.'
            : 'Disabling drops the extension. Objects that use it (columns, functions, indexes) make this fail until they are removed.'
        }
        confirmLabel={isEnabling ? 'Enable extension' : 'Disable extension'}
        variant={isEnabling ? 'primary' : 'danger'}
        isLoading={enable.isPending || disable.isPending}
        onConfirm={confirm}
        testId="extension-confirm"
      />
    </div>
  );
}
