import { NavLink } from 'react-router';
import { Plus } from 'lucide-react';
import type { Bucket } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { cn } from '../../lib/cn.ts';
import { errorMessage } from '../../lib/api.ts';
import { useBucketsQuery } from '../../data/storage/buckets-query.ts';
import { useProjectQuery } from '../../data/projects/project-query.ts';
import { BucketRow } from './bucket-row.tsx';

interface StorageSidebarProps {
  projectRef: string;
  selectedBucketId: string | undefined;
  canWrite: boolean;
  onCreate: () => void;
  onEdit: (bucket: Bucket) => void;
  onDelete: (bucket: Bucket) => void;
}

function GroupTitle({ children }: { children: string }) {
  return <h3 className="mb-1.5 px-2 text-[11px] font-medium uppercase tracking-wider text-fg-subtle">{children}</h3>;
}

function StateMessage({ title, description, isError = false }: { title: string; description: string; isError?: boolean }) {
  return (
    <div className="px-2 py-3" role={isError ? 'alert' : 'status'}>
      <p className={cn('text-sm', isError ? 'text-danger' : 'text-fg')}>{title}</p>
      <p className="mt-0.5 text-xs text-fg-muted">{description}</p>
    </div>
  );
}

/** The storage sidebar (spec §2 "Storage sidebar"). */
export function StorageSidebar({ projectRef, selectedBucketId, canWrite, onCreate, onEdit, onDelete }: StorageSidebarProps) {
  const buckets = useBucketsQuery(projectRef);
  const project = useProjectQuery(projectRef);
  const isPreviewBranch = !!project.data?.parent_project_ref;

  let list;
  if (buckets.isLoading) {
    list = <SkeletonRows rows={4} className="space-y-1.5 px-2 [&>div]:h-7" />;
  } else if (buckets.isError) {
    list =
      isPreviewBranch && errorMessage(buckets.error).includes('Tenant config') ? (
        <StateMessage title="Storage is not available on preview branches for now" description="We're actively looking into making this available on preview branches" />
      ) : (
        <StateMessage title="Failed to fetch buckets" description="Please refresh to try again" isError />
      );
  } else if (!buckets.data || buckets.data.length === 0) {
    list = <StateMessage title="No buckets available" description="Buckets that you create will appear here" />;
  } else {
    list = (
      <ul className="space-y-0.5" data-testid="bucket-list">
        {buckets.data.map((bucket) => (
          <BucketRow
            key={bucket.id}
            projectRef={projectRef}
            bucket={bucket}
            isSelected={bucket.id === selectedBucketId || bucket.name === selectedBucketId}
            canWrite={canWrite}
            onEdit={() => onEdit(bucket)}
            onDelete={() => onDelete(bucket)}
          />
        ))}
      </ul>
    );
  }

  return (
    <aside aria-label="Storage" data-testid="storage-sidebar" className="flex h-full w-64 shrink-0 flex-col border-r border-line bg-surface">
      <div className="flex h-12 shrink-0 items-center border-b border-line px-4">
        <h2 className="text-sm font-semibold text-fg">Storage</h2>
      </div>
      <div className="px-3 pt-3">
        {/* The tooltip's wrapper is inline; stretch it so the button keeps the sidebar's width. */}
        <div className="[&>span]:w-full">
          <DisabledTooltip isDisabled={!canWrite} content="You need additional permissions to create buckets">
            <Button size="sm" variant="default" className="w-full" icon={<Plus className="size-3.5" />} disabled={!canWrite} onClick={onCreate} data-testid="new-bucket">
              New bucket
            </Button>
          </DisabledTooltip>
        </div>
      </div>
      <div className="min-h-0 flex-1 space-y-5 overflow-y-auto px-2 py-4">
        <section aria-label="All buckets">
          <GroupTitle>All buckets</GroupTitle>
          {list}
        </section>
        <section aria-label="Configuration">
          <GroupTitle>Configuration</GroupTitle>
          <NavLink
            to={`/project/${projectRef}/storage/policies`}
            className={({ isActive }) =>
              cn('flex items-center rounded-md px-2 py-1.5 text-sm transition-colors', isActive ? 'bg-surface-3 text-fg' : 'text-fg-muted hover:bg-surface-2 hover:text-fg')
            }
          >
            Policies
          </NavLink>
        </section>
      </div>
    </aside>
  );
}
