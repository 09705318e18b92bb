import { useState } from 'react';
import { Puzzle } from 'lucide-react';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import type { Extension } from '../../../data/pg-meta/types.ts';
import { useExtensionsQuery } from '../../../data/extensions/extensions-query.ts';
import { useProjectQuery } from '../../../data/projects/project-query.ts';
import { QueryStates } from '../shared/query-states.tsx';
import { matches, SearchInput } from '../shared/search-input.tsx';
import { useCanWriteDatabase } from '../shared/write-permission.tsx';
import { ExtensionCard } from './extension-card.tsx';
import { catalogueEntry, EXTENSION_CATALOGUE, PRODUCT_SECTIONS, type ExtensionTag } from './extension-catalogue.ts';
import { ExtensionDisableDialog } from './extension-disable-dialog.tsx';
import { ExtensionEnableDialog } from './extension-enable-dialog.tsx';

type Section = ExtensionTag | 'All';
const SECTION_OPTIONS = [{ value: 'All' as Section, label: 'All' }, ...PRODUCT_SECTIONS.map((tag) => ({ value: tag as Section, label: tag }))];

/** Enabled first, then the ones this engine can load, then the rest; each group by name. */
function order(a: Extension, b: Extension): number {
  const rank = (e: Extension) => (e.installed_version !== null ? 0 : e.is_loadable ? 1 : 2);
  return rank(a) - rank(b) || a.name.localeCompare(b.name);
}

/**
 * What the project's engine offers (pg_available_extensions, through pg-meta) merged with the
 * catalogue: catalogue extensions this engine does not have are listed too, marked unavailable with
 * where they are available instead, rather than hidden.
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
  const engine = useProjectQuery(projectRef).data?.engine;
  const canWrite = useCanWriteDatabase(projectRef);
  const [search, setSearch] = useState('');
  const [section, setSection] = useState<Section>('All');
  const [toggling, setToggling] = useState<Extension | null>(null);
  const shown = withCatalogue(extensions.data ?? [])
    .filter((e) => {
      const entry = catalogueEntry(e.name, e.comment);
      return (section === 'All' || entry.tags.includes(section)) && matches(search, e.name, entry.comment, ...entry.tags);
    })
    .sort(order);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <SearchInput value={search} onChange={setSearch} placeholder="Search for an extension" />
        <SegmentedControl label="Product section" options={SECTION_OPTIONS} value={section} onChange={setSection} />
      </div>
      <QueryStates
        query={extensions}
        items={shown}
        errorTitle="Failed to retrieve extensions"
        testId="extensions"
        empty={{ icon: <Puzzle />, title: 'No extensions available', description: 'This database offers no extensions.' }}
        noResults={{ title: 'No results found', description: search ? `Your search for "${search}" did not return any results` : `No extensions in ${section}` }}
      >
        {(rows) => (
          <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
            {rows.map((extension) => (
              <ExtensionCard key={extension.name} extension={extension} engine={engine} canWrite={canWrite} isBusy={toggling?.name === extension.name} onToggle={() => setToggling(extension)} />
            ))}
          </div>
        )}
      </QueryStates>
      {toggling && toggling.installed_version === null && <ExtensionEnableDialog projectRef={projectRef} extension={toggling} onClose={() => setToggling(null)} />}
      {toggling && toggling.installed_version !== null && <ExtensionDisableDialog projectRef={projectRef} extension={toggling} onClose={() => setToggling(null)} />}
    </div>
  );
}
