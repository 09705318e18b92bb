import { createContext, useContext, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import type { Bucket } from '@plinth/api-contract';
import { Action, Resource } from '@plinth/permissions';
import { useProjectCan } from '../../data/pg-meta/project-permissions.ts';
import { CreateBucketDialog } from './create-bucket-dialog.tsx';
import { DeleteBucketDialog } from './delete-bucket-dialog.tsx';
import { EditBucketDialog } from './edit-bucket-dialog.tsx';
import { StorageSidebar } from './storage-sidebar.tsx';
import { useProjectConfigNotice } from './use-project-config-notice.ts';

type Modal = { kind: 'create' } | { kind: 'edit'; bucket: Bucket } | { kind: 'delete'; bucket: Bucket } | null;

interface StorageActions {
  /** Spec §6: storage admin write creates, edits and deletes buckets. */
  canWrite: boolean;
  createBucket: () => void;
}

const StorageActionsContext = createContext<StorageActions>({ canWrite: false, createBucket: () => undefined });

/** For the pages inside the layout (the empty bucket area offers to create one). */
export function useStorageActions(): StorageActions {
  return useContext(StorageActionsContext);
}

/**
 * Every storage page: the sidebar of buckets beside the page's own content, and the bucket
 * modals the sidebar opens. The storage policies page wraps itself in it too.
 */
export function StorageLayout({ projectRef, children }: { projectRef: string; children: ReactNode }) {
  const { bucketId } = useParams();
  const canWrite = useProjectCan(projectRef, Action.STORAGE_ADMIN_WRITE, Resource.STORAGE);
  const [modal, setModal] = useState<Modal>(null);
  const close = () => setModal(null);
  useProjectConfigNotice(projectRef);

  return (
    <StorageActionsContext.Provider value={{ canWrite, createBucket: () => setModal({ kind: 'create' }) }}>
      <div className="flex h-full min-h-0">
        <StorageSidebar
          projectRef={projectRef}
          selectedBucketId={bucketId}
          canWrite={canWrite}
          onCreate={() => setModal({ kind: 'create' })}
          onEdit={(bucket) => setModal({ kind: 'edit', bucket })}
          onDelete={(bucket) => setModal({ kind: 'delete', bucket })}
        />
        <div className="flex min-w-0 flex-1 flex-col">{children}</div>
      </div>
      {modal?.kind === 'create' && <CreateBucketDialog projectRef={projectRef} onClose={close} />}
      {modal?.kind === 'edit' && <EditBucketDialog projectRef={projectRef} bucket={modal.bucket} onClose={close} />}
      {modal?.kind === 'delete' && <DeleteBucketDialog projectRef={projectRef} bucket={modal.bucket} onClose={close} />}
    </StorageActionsContext.Provider>
  );
}
