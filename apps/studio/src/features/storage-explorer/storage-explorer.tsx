import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { Bucket, ProjectSettings } from '@plinth/api-contract';
import { Action, Resource } from '@plinth/permissions';
import { useApiSettingsQuery } from '../../data/api-settings/api-settings-query.ts';
import { useProjectCan } from '../../data/pg-meta/project-permissions.ts';
import type { UploadTarget } from '../../data/storage-objects/object-upload.ts';
import { CustomExpiryDialog } from './custom-expiry-dialog.tsx';
import { DeleteDialog } from './delete-dialog.tsx';
import { ExplorerContext, useExplorer, type ExplorerContextValue } from './explorer-context.tsx';
import { ExplorerColumn } from './explorer-column.tsx';
import { currentPrefix, explorerReducer, INITIAL_STATE } from './explorer-state.ts';
import { ExplorerToolbar } from './explorer-toolbar.tsx';
import { ListView } from './list-view.tsx';
import { MoveDialog } from './move-dialog.tsx';
import { useExplorerPreferences, type ExplorerPreferences } from './preferences.ts';
import { PreviewPanel } from './preview-panel.tsx';
import { SelectionBar } from './selection-bar.tsx';
import { useExplorerActions } from './use-explorer-actions.ts';

/** The data plane uploads go to (spec "Storage page start-up": endpoint, service key and protocol). */
function uploadTargetOf(settings: ProjectSettings | undefined, bucketId: string): UploadTarget | null {
  const service = settings?.autoApiService;
  if (!service?.endpoint || !service.serviceApiKey) return null;
  const endpoint = /^https?:\/\//.test(service.endpoint) ? service.endpoint : `${service.protocol || 'https'}://${service.endpoint}`;
  return { endpoint, serviceKey: service.serviceApiKey, bucketId };
}

/** The bucket's root and one column per open folder, scrolled so the newest column is in view. */
function ColumnsView() {
  const { state } = useExplorer();
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = state.openedFolders.length + 1;
  useEffect(() => {
    scrollRef.current?.scrollTo({ left: scrollRef.current.scrollWidth, behavior: 'smooth' });
  }, [count]);
  return (
    <div ref={scrollRef} className="flex min-w-0 flex-1 overflow-x-auto" data-testid="explorer-columns">
      {Array.from({ length: count }, (_, index) => (
        <ExplorerColumn key={index} columnIndex={index} isLast={index === count - 1} />
      ))}
    </div>
  );
}

function ExplorerDialogs() {
  const { state, dispatch } = useExplorer();
  const close = () => dispatch({ type: 'closeDialog' });
  const dialog = state.dialog;
  if (!dialog) return null;
  if (dialog.kind === 'move') return <MoveDialog items={dialog.items} onClose={close} />;
  if (dialog.kind === 'delete') return <DeleteDialog items={dialog.items} onClose={close} />;
  return <CustomExpiryDialog item={dialog.item} onClose={close} />;
}

function ExplorerBody({ projectRef, bucket }: { projectRef: string; bucket: Bucket }) {
  const [state, dispatch] = useReducer(explorerReducer, INITIAL_STATE);
  const [preferences, savePreferences] = useExplorerPreferences(projectRef);
  const canWrite = useProjectCan(projectRef, Action.STORAGE_ADMIN_WRITE, Resource.STORAGE);
  const settings = useApiSettingsQuery(projectRef);
  const uploadTarget = useMemo(() => uploadTargetOf(settings.data, bucket.id), [settings.data, bucket.id]);
  const actions = useExplorerActions({ projectRef, bucket, state, dispatch, uploadTarget, customDomain: settings.data?.customDomain });

  // Spec §4: changing view, sort or order closes the preview (and new sort keys refetch every open folder).
  const setPreferences = useCallback(
    (change: Partial<ExplorerPreferences>) => {
      dispatch({ type: 'closePreview' });
      savePreferences(change);
    },
    [savePreferences],
  );
  const current = currentPrefix(state);
  const listOptions = useCallback(
    (prefix: string) => ({ search: prefix === current ? state.search : '', sortBy: preferences.sortBy, order: preferences.sortByOrder }),
    [current, state.search, preferences.sortBy, preferences.sortByOrder],
  );

  const value = useMemo<ExplorerContextValue>(
    () => ({ projectRef, bucket, state, dispatch, preferences, setPreferences, canWrite, uploadTarget, listOptions, actions }),
    [projectRef, bucket, state, preferences, setPreferences, canWrite, uploadTarget, listOptions, actions],
  );

  return (
    <ExplorerContext.Provider value={value}>
      <div className="flex min-h-0 flex-1 flex-col overflow-hidden bg-surface" data-testid="storage-explorer">
        {state.selected.length > 0 ? <SelectionBar /> : <ExplorerToolbar />}
        <div className="flex min-h-0 flex-1">
          {preferences.view === 'LIST' ? <ListView /> : <ColumnsView />}
          {state.preview && <PreviewPanel item={state.preview} />}
        </div>
        <ExplorerDialogs />
      </div>
    </ExplorerContext.Provider>
  );
}

/** The explorer of one bucket (spec §2 "Explorer toolbar" to "Preview panel"). */
export function StorageExplorer({ projectRef, bucket }: { projectRef: string; bucket: Bucket }) {
  // Spec §4: choosing a bucket clears open folders, preview and selection.
  return <ExplorerBody key={bucket.id} projectRef={projectRef} bucket={bucket} />;
}
