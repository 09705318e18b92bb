import { useEffect, useState } from 'react';
import { ArrowDownAZ, Check, FileCode2, Plus, RefreshCw, Search } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { ProtectedSchemaNotice } from '../../components/ui/protected-schema-notice.tsx';
import { SchemaPicker } from '../../components/ui/schema-picker.tsx';
import { DisabledTooltip, Tooltip } from '../../components/ui/tooltip.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useEntitiesQuery } from '../../data/entities/entities-query.ts';
import type { EntitySort } from '../../data/entities/entity-types.ts';
import { useSchemaNames } from '../../data/schemas/schemas-query.ts';
import { useGenerateTypesMutation } from '../../data/types/generate-types-mutation.ts';
import { CreateSchemaDialog } from './create-schema-dialog.tsx';
import { EntityList } from './entity-list.tsx';
import { useEntitySort } from './entity-sort.ts';
import { NewTablePanel } from './new-table-panel.tsx';
import { useEntityActions } from './use-entity-actions.tsx';

const SEARCH_DEBOUNCE_MS = 300;
const SORT_LABELS: Record<EntitySort, string> = { alphabetical: 'Alphabetical', 'grouped-alphabetical': 'Entity Type' };

interface EntitySidebarProps {
  projectRef: string;
  schema: string;
  onSchemaChange: (schema: string) => void;
  isLocked: boolean;
  selectedId: number | undefined;
  canWrite: boolean;
}

function StateMessage({ title, description }: { title: string; description?: string }) {
  return (
    <div className="min-h-0 flex-1 px-4 py-6 text-center" role="status">
      <p className="text-sm text-fg">{title}</p>
      {description && <p className="mt-1 text-xs text-fg-muted">{description}</p>}
    </div>
  );
}

/** The table editor sidebar (spec document 2, "Table editor sidebar"). */
export function EntitySidebar({ projectRef, schema, onSchemaChange, isLocked, selectedId, canWrite }: EntitySidebarProps) {
  const schemas = useSchemaNames(projectRef);
  const [sort, setSort] = useEntitySort();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [isCreatingSchema, setIsCreatingSchema] = useState(false);
  const [isCreatingTable, setIsCreatingTable] = useState(false);
  const { perform, dialogs } = useEntityActions(projectRef, selectedId);
  const generateTypes = useGenerateTypesMutation(projectRef);

  useEffect(() => {
    // Spec §5: the search term is trimmed.
    const timer = setTimeout(() => setSearch(searchText.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const query = useEntitiesQuery(projectRef, { schema, search, sort });
  const entities = query.data?.pages.flatMap((page) => page.entities) ?? [];
  const count = query.data?.pages[0]?.count;

  function downloadTypes() {
    generateTypes.mutate(undefined, {
      onSuccess: () => toast.success('Successfully generated types! File is being downloaded'),
      onError: (error) => toast.error(`Failed to generate types: ${errorMessage(error)}`),
    });
  }

  return (
    <aside aria-label="Table editor" data-testid="table-editor-sidebar" className="flex h-full w-64 shrink-0 flex-col border-r border-line bg-surface">
      <div className="flex h-12 shrink-0 items-center border-b border-line px-4">
        <h2 className="text-sm font-semibold text-fg">Table Editor</h2>
      </div>
      <div className="space-y-2 px-3 pt-3">
        <SchemaPicker
          schemas={schemas.names.length > 0 ? schemas.names : [schema]}
          value={schema}
          onChange={onSchemaChange}
          isLoading={schemas.isLoading}
          isError={schemas.isError}
          onReload={schemas.refetch}
          onCreateSchema={canWrite ? () => setIsCreatingSchema(true) : undefined}
        />
        {isLocked && <ProtectedSchemaNotice schema={schema} />}
        {!isLocked && (
          // The tooltip's wrapper is inline; stretch it so the button keeps the sidebar's width.
          <div className="[&>span]:w-full">
            <DisabledTooltip isDisabled={!canWrite} content="You need additional permissions to create tables">
              <Button size="sm" variant="default" className="w-full" icon={<Plus className="size-3.5" />} disabled={!canWrite} onClick={() => setIsCreatingTable(true)}>
                New table
              </Button>
            </DisabledTooltip>
          </div>
        )}
        <label className="flex h-8 items-center gap-2 rounded-md border border-line-strong bg-surface-2 px-2 focus-within:border-brand/70">
          <Search className="size-3.5 shrink-0 text-fg-subtle" aria-hidden />
          <input
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder="Search tables"
            aria-label="Search tables"
            className="h-full min-w-0 flex-1 bg-transparent text-sm text-fg placeholder:text-fg-subtle focus:outline-none"
          />
        </label>
      </div>
      <div className="flex h-9 shrink-0 items-center justify-between px-4 pt-1">
        <h3 className="text-xs font-medium text-fg-muted" data-testid="entity-count">
          Tables ({count ?? 0})
        </h3>
        <div className="flex items-center gap-0.5">
          <DropdownMenu>
            <Tooltip content="Sort By">
              <DropdownMenuTrigger aria-label="Sort By" className="rounded p-1 text-fg-subtle hover:bg-surface-3 hover:text-fg">
                <ArrowDownAZ className="size-3.5" />
              </DropdownMenuTrigger>
            </Tooltip>
            <DropdownMenuContent align="end" className="min-w-40">
              <DropdownMenuLabel>Sort By</DropdownMenuLabel>
              {(Object.keys(SORT_LABELS) as EntitySort[]).map((option) => (
                <DropdownMenuItem key={option} icon={<Check className={sort === option ? '' : 'invisible'} />} onSelect={() => setSort(option)}>
                  {SORT_LABELS[option]}
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
          <Tooltip content="Refresh tables">
            <button type="button" aria-label="Refresh tables" onClick={() => void query.refetch()} className="rounded p-1 text-fg-subtle hover:bg-surface-3 hover:text-fg">
              <RefreshCw className={`size-3.5 ${query.isFetching && !query.isFetchingNextPage ? 'animate-spin' : ''}`} />
            </button>
          </Tooltip>
        </div>
      </div>
      {query.isLoading ? (
        <StateMessage title="Loading entities..." />
      ) : query.isError ? (
        <div className="min-h-0 flex-1 px-4 py-3 text-xs text-danger" role="alert">
          Failed to load entities: {errorMessage(query.error)}
        </div>
      ) : entities.length === 0 ? (
        search ? (
          <StateMessage title="No results found" description="There are no entities that match your search" />
        ) : (
          <StateMessage title="No entities available" description="This schema has no entities available yet" />
        )
      ) : (
        <EntityList
          projectRef={projectRef}
          entities={entities}
          hasNextPage={query.hasNextPage}
          isFetchingNextPage={query.isFetchingNextPage}
          fetchNextPage={() => void query.fetchNextPage()}
          selectedId={selectedId}
          isLocked={isLocked}
          canWrite={canWrite}
          onAction={perform}
        />
      )}
      <div className="shrink-0 border-t border-line p-2">
        <Button size="sm" variant="ghost" className="w-full justify-start" icon={<FileCode2 className="size-3.5" />} isLoading={generateTypes.isPending} onClick={downloadTypes}>
          Generate types
        </Button>
      </div>
      <CreateSchemaDialog projectRef={projectRef} open={isCreatingSchema} onClose={() => setIsCreatingSchema(false)} onCreated={onSchemaChange} />
      <NewTablePanel projectRef={projectRef} schema={schema} open={isCreatingTable} onClose={() => setIsCreatingTable(false)} />
      {dialogs}
    </aside>
  );
}
