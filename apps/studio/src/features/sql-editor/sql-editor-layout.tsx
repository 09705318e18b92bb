import { createContext, useContext, type ReactNode } from 'react';
import type { Snippet } from '@plinth/api-contract';
import { NoPermission } from '../../components/ui/no-permission.tsx';
import { QuerySidebar } from './query-sidebar.tsx';
import { useSqlAccess } from './sql-access.ts';
import { useSnippetActions, type SnippetAction } from './use-snippet-actions.tsx';

type Perform = (action: SnippetAction, snippet: Snippet) => void;
const SnippetActionsContext = createContext<Perform>(() => undefined);

/** The sidebar's actions, for the editor header (rename, favourite) to use the same dialogs. */
export function useSnippetAction(): Perform {
  return useContext(SnippetActionsContext);
}

/** Every SQL editor page: the saved-queries sidebar beside the page's own content. */
export function SqlEditorLayout({ projectRef, children }: { projectRef: string; children: ReactNode }) {
  const { canRead, canCreate } = useSqlAccess(projectRef);
  const { perform, dialogs } = useSnippetActions(projectRef);
  if (!canRead) {
    return (
      <div className="p-6">
        <NoPermission action="run queries in this project" />
      </div>
    );
  }
  return (
    <SnippetActionsContext.Provider value={perform}>
      <div className="flex h-full min-h-0">
        <QuerySidebar projectRef={projectRef} canCreate={canCreate} onAction={perform} />
        <div className="flex min-w-0 flex-1 flex-col">{children}</div>
      </div>
      {dialogs}
    </SnippetActionsContext.Provider>
  );
}
