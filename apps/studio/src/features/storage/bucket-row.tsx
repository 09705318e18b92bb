import { Edit2, MoreHorizontal, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { Bucket } from '@plinth/api-contract';
import { Badge } from '../../components/ui/badge.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { cn } from '../../lib/cn.ts';
import { bucketPath } from './bucket-form.ts';

interface BucketRowProps {
  projectRef: string;
  bucket: Bucket;
  isSelected: boolean;
  /** Spec §6: without storage admin write the menu is hidden. */
  canWrite: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** One bucket of the sidebar: its name, a 'Public' badge, and on the selected row the bucket menu. */
export function BucketRow({ projectRef, bucket, isSelected, canWrite, onEdit, onDelete }: BucketRowProps) {
  return (
    <li
      className={cn('group flex h-8 items-center rounded-md pr-1', isSelected ? 'bg-surface-3 text-fg' : 'text-fg-muted hover:bg-surface-2 hover:text-fg')}
      data-testid={`bucket-row-${bucket.id}`}
    >
      <Link
        to={bucketPath(projectRef, bucket.id)}
        aria-current={isSelected ? 'page' : undefined}
        title={bucket.name}
        className="flex h-full min-w-0 flex-1 items-center gap-2 pl-2 text-sm"
      >
        <span className="truncate">{bucket.name}</span>
        {bucket.public && <Badge tone="warning">Public</Badge>}
      </Link>
      {isSelected && canWrite && (
        <DropdownMenu>
          <DropdownMenuTrigger aria-label={`Actions for ${bucket.name}`} className="rounded p-0.5 text-fg-subtle hover:bg-line-strong hover:text-fg" data-testid="bucket-menu">
            <MoreHorizontal className="size-4" />
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            <DropdownMenuItem icon={<Edit2 />} onSelect={onEdit}>
              Edit bucket
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem icon={<Trash2 />} tone="danger" onSelect={onDelete}>
              Delete bucket
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </li>
  );
}
