import { useState } from 'react';
import { ChevronDown, ChevronRight, History } from 'lucide-react';
import { Table as DataTable, Td, Th } from '../../../components/ui/table.tsx';
import { useMigrationsQuery } from '../../../data/migrations/migrations-query.ts';
import { QueryStates } from '../shared/query-states.tsx';
import { matches, SearchInput } from '../shared/search-input.tsx';

/** `20240101120000` -> a readable UTC time; other version formats are shown as they are. */
function versionTime(version: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(version);
  return m ? `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]} UTC` : null;
}

/** The history in supabase_migrations.schema_migrations (the Supabase CLI writes it), newest first. */
export function MigrationsView({ projectRef }: { projectRef: string }) {
  const migrations = useMigrationsQuery(projectRef);
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const shown = [...(migrations.data ?? [])].reverse().filter((m) => matches(search, m.version, m.name));

  return (
    <div className="space-y-4">
      <SearchInput value={search} onChange={setSearch} placeholder="Search for a migration" />
      <QueryStates query={migrations} items={shown} errorTitle="Failed to retrieve migrations" testId="migrations"
        empty={{ icon: <History />, title: 'No migrations found', description: 'Migrations applied with the Supabase CLI (supabase db push, supabase migration up) are recorded here.' }}
        noResults={{ title: 'No results found', description: `Your search for "${search}" did not return any results` }}>
        {(rows) => (
          <DataTable label="Migrations">
            <thead><tr><Th className="w-8" /><Th>Version</Th><Th>Name</Th><Th>Applied (from version)</Th></tr></thead>
            <tbody>
              {rows.flatMap((m) => {
                const isOpen = open === m.version;
                const main = (
                  <tr key={m.version} data-testid={`migration-row-${m.version}`}>
                    <Td>
                      <button type="button" aria-expanded={isOpen} aria-label={`${isOpen ? 'Hide' : 'Show'} the SQL of ${m.version}`} onClick={() => setOpen(isOpen ? null : m.version)} className="rounded p-0.5 text-fg-subtle hover:bg-surface-3 hover:text-fg">
                        {isOpen ? <ChevronDown className="size-4" /> : <ChevronRight className="size-4" />}
                      </button>
                    </Td>
                    <Td className="font-mono text-sm">{m.version}</Td>
                    <Td className="text-fg-muted">{m.name ?? '–'}</Td>
                    <Td className="text-xs text-fg-muted">{versionTime(m.version) ?? '–'}</Td>
                  </tr>
                );
                if (!isOpen) return [main];
                return [main, (
                  <tr key={`${m.version}-sql`}>
                    <Td colSpan={4} className="bg-surface-2/60">
                      <pre className="max-h-96 overflow-auto whitespace-pre-wrap font-mono text-xs text-fg">{(m.statements ?? []).join(';\n\n') || 'No statements recorded'}</pre>
                    </Td>
                  </tr>
                )];
              })}
            </tbody>
          </DataTable>
        )}
      </QueryStates>
    </div>
  );
}
