import { Badge } from '../../../components/ui/badge.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../../components/ui/skeleton.tsx';
import { DocsBlock, DocsHeader } from '../docs-article.tsx';
import { SnippetGroupView } from '../snippet-group-view.tsx';
import { storageSnippetGroups } from '../snippets/storage-snippets.ts';
import { allowedMimeTypesText, maxFileSizeText } from './bucket-facts.ts';
import type { SectionProps } from './section-props.ts';

/** One bucket: Public/Private, allowed MIME types, maximum file size, and its examples. */
export function BucketDetail({ data, language, location }: SectionProps) {
  const buckets = data.buckets;
  if (buckets.isError) return <ErrorState error={buckets.error} title="Failed to fetch buckets" onRetry={() => void buckets.refetch()} />;
  if (!buckets.data) return <SkeletonRows rows={3} />;
  const bucket = buckets.data.find((entry) => entry.id === location.item);
  if (!bucket) return <DocsHeader title={location.item} description={<p>This bucket does not exist (any more).</p>} />;
  return (
    <>
      <DocsHeader
        title={bucket.name}
        badge={<Badge tone={bucket.public ? 'warning' : 'neutral'}>{bucket.public ? 'Public' : 'Private'}</Badge>}
        description={
          <p>
            {bucket.public
              ? 'Anyone with a file\'s public URL can download it; uploads, listing and deletes still follow the policies on storage.objects.'
              : 'Every request needs a key or a user\'s session and follows the policies on storage.objects; signed URLs share a file for a limited time.'}
          </p>
        }
      />
      <DocsBlock id="bucket-settings" title="Settings">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm" data-testid="docs-bucket-settings">
          <dt className="text-fg-muted">Allowed MIME types</dt>
          <dd className="font-mono text-xs text-fg" data-testid="docs-bucket-mime-types">{allowedMimeTypesText(bucket.allowed_mime_types)}</dd>
          <dt className="text-fg-muted">Maximum file size</dt>
          <dd className="text-fg" data-testid="docs-bucket-file-size">{maxFileSizeText(bucket.file_size_limit)}</dd>
        </dl>
      </DocsBlock>
      {storageSnippetGroups(data.context, { id: bucket.id, isPublic: bucket.public }).map((group) => (
        <SnippetGroupView key={group.id} group={group} language={language} />
      ))}
    </>
  );
}
