import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { SidePanel } from '../../../components/ui/side-panel.tsx';
import { ALL_SCHEMAS } from '../../../components/ui/schema-picker.tsx';
import { SkeletonRows } from '../../../components/ui/skeleton.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import type { Publication } from '../../../data/pg-meta/types.ts';
import { usePublicationUpdateMutation } from '../../../data/publications/publication-update-mutation.ts';
import { useTablesQuery } from '../../../data/tables/tables-query.ts';
import { errorMessage } from '../../../lib/api.ts';
import { isProtectedSchema } from '../shared/schema-lock.ts';
import { matches, SearchInput } from '../shared/search-input.tsx';

const keyOf = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`;

/** Which tables a publication sends changes of (Realtime listens to `supabase_realtime`). */
export function PublicationTablesPanel({ projectRef, publication, canWrite, onClose }: { projectRef: string; publication: Publication; canWrite: boolean; onClose: () => void }) {
  const tables = useTablesQuery(projectRef, ALL_SCHEMAS);
  const update = usePublicationUpdateMutation(projectRef);
  const [selected, setSelected] = useState(() => new Set((publication.tables ?? []).map(keyOf)));
  const [search, setSearch] = useState('');
  const userTables = (tables.data ?? []).filter((t) => !isProtectedSchema(t.schema) && matches(search, t.name, t.schema));

  function save() {
    const chosen = (tables.data ?? []).filter((t) => selected.has(keyOf(t))).map((t) => ({ schema: t.schema, name: t.name }));
    update.mutate({ id: publication.id, changes: { tables: chosen } }, {
      onSuccess: () => { toast.success(`Successfully updated publication "${publication.name}"`); onClose(); },
      onError: (e) => toast.error(`Failed to update publication: ${errorMessage(e)}`),
    });
  }

  return (
    <SidePanel open onRequestClose={() => !update.isPending && onClose()} title={`Tables of publication ${publication.name}`}
      footer={<><Button variant="outline" onClick={onClose}>Cancel</Button>{canWrite && <Button variant="primary" onClick={save} isLoading={update.isPending}>Save</Button>}</>}>
      <div className="space-y-4 px-5 py-5">
        {publication.tables === null && <p className="rounded-md border border-line bg-surface-2 px-3 py-2 text-sm text-fg-muted">This publication covers all tables. Saving a selection limits it to the chosen tables.</p>}
        <SearchInput value={search} onChange={setSearch} placeholder="Search for a table" className="w-full" />
        {tables.isLoading ? <SkeletonRows rows={4} /> : tables.error ? <ErrorState error={tables.error} title="Failed to retrieve tables" onRetry={() => void tables.refetch()} /> : (
          <ul className="divide-y divide-line rounded-md border border-line">
            {userTables.length === 0 && <li className="px-3 py-3 text-sm text-fg-muted">No tables found</li>}
            {userTables.map((t) => (
              <li key={t.id}>
                <label className="flex items-center gap-3 px-3 py-2 text-sm">
                  <input type="checkbox" className="accent-brand" disabled={!canWrite} checked={publication.tables === null ? true : selected.has(keyOf(t))}
                    onChange={(e) => setSelected((s) => { const next = new Set(s); if (e.target.checked) next.add(keyOf(t)); else next.delete(keyOf(t)); return next; })} />
                  <span className="font-mono text-xs text-fg-subtle">{t.schema}.</span><span className="font-mono text-fg">{t.name}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
    </SidePanel>
  );
}
