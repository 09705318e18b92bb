import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Snippet } from '@plinth/api-contract';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useSnippetDeleteMutation } from '../../data/content/snippet-delete-mutation.ts';
import { useSnippetSaveMutation } from '../../data/content/snippet-save-mutation.ts';
import { useSnippetUpdateMutation } from '../../data/content/snippet-update-mutation.ts';
import { newUuid } from '../../data/content/uuid.ts';
import { DownloadSnippetDialog } from './download-snippet-dialog.tsx';
import { RenameSnippetDialog } from './rename-snippet-dialog.tsx';

export type SnippetAction = 'rename' | 'share' | 'duplicate' | 'download' | 'delete' | 'favorite';

/**
 * The per-query actions of the sidebar menu and the editor header, with their dialogs: rename,
 * share (a user query becomes a project query), duplicate personal copy, download, delete, favourite.
 */
export function useSnippetActions(projectRef: string): { perform: (action: SnippetAction, snippet: Snippet) => void; dialogs: ReactNode } {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState<{ action: 'rename' | 'share' | 'download' | 'delete'; snippet: Snippet } | null>(null);
  const update = useSnippetUpdateMutation(projectRef);
  const save = useSnippetSaveMutation(projectRef);
  const remove = useSnippetDeleteMutation(projectRef);
  const close = () => setOpen(null);
  const base = `/project/${projectRef}/sql`;

  function duplicate(snippet: Snippet) {
    const id = newUuid();
    save.mutate(
      { id, name: `${snippet.name} (copy)`, description: snippet.description, visibility: 'user', content: { sql: snippet.content.sql, favorite: false } },
      {
        onSuccess: () => void navigate(`${base}/${id}`),
        onError: (error) => toast.error(`Failed to create a personal copy of this query: ${errorMessage(error)}`),
      },
    );
  }

  function toggleFavorite(snippet: Snippet) {
    update.mutate(
      { id: snippet.id, changes: { content: { favorite: !snippet.content.favorite } } },
      { onError: (error) => toast.error(`Failed to update query: ${errorMessage(error)}`) },
    );
  }

  function perform(action: SnippetAction, snippet: Snippet) {
    if (action === 'duplicate') duplicate(snippet);
    else if (action === 'favorite') toggleFavorite(snippet);
    else setOpen({ action, snippet });
  }

  function share(snippet: Snippet) {
    update.mutate(
      { id: snippet.id, changes: { visibility: 'project' } },
      {
        onSuccess: () => {
          toast.success(`Shared "${snippet.name}" with the project`);
          close();
        },
        onError: (error) => toast.error(`Failed to share query: ${errorMessage(error)}`),
      },
    );
  }

  function deleteSnippet(snippet: Snippet) {
    remove.mutate(
      { id: snippet.id },
      {
        onSuccess: () => {
          close();
          // The open query is gone: start a new one rather than show a missing snippet.
          if (pathname === `${base}/${snippet.id}`) void navigate(`${base}/new`, { replace: true });
        },
        onError: (error) => toast.error(`Failed to delete query: ${errorMessage(error)}`),
      },
    );
  }

  const dialogs = (
    <>
      <RenameSnippetDialog projectRef={projectRef} snippet={open?.action === 'rename' ? open.snippet : null} onClose={close} />
      <DownloadSnippetDialog projectRef={projectRef} snippet={open?.action === 'download' ? open.snippet : null} onClose={close} />
      <ConfirmDialog
        open={open?.action === 'share'}
        onOpenChange={(isOpen) => !isOpen && close()}
        title="Share query with the project"
        description={open ? `"${open.snippet.name}" will become a project query.` : undefined}
        confirmLabel="Share query"
        isLoading={update.isPending}
        onConfirm={() => open && share(open.snippet)}
        testId="share-query-dialog"
      >
        <p className="text-sm text-fg-muted">Anyone with access to this project can then view, edit or delete it. This cannot be turned back into a personal query.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={open?.action === 'delete'}
        onOpenChange={(isOpen) => !isOpen && close()}
        title="Delete query"
        description={open ? `"${open.snippet.name}" will be deleted. This action cannot be undone.` : undefined}
        confirmLabel="Delete query"
        variant="danger"
        isLoading={remove.isPending}
        onConfirm={() => open && deleteSnippet(open.snippet)}
        testId="delete-query-dialog"
      >
        {open?.snippet.visibility === 'project' && (
          <p className="text-sm text-warning">This is a project query: deleting it removes it for every member of the project.</p>
        )}
      </ConfirmDialog>
    </>
  );

  return { perform, dialogs };
}
