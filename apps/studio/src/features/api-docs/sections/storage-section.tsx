import { ErrorState } from '../../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../../components/ui/skeleton.tsx';
import { DocsBlock, DocsHeader, DocsItemList } from '../docs-article.tsx';
import { SnippetGroupView } from '../snippet-group-view.tsx';
import { EXAMPLE_BUCKET, storageSnippetGroups } from '../snippets/storage-snippets.ts';
import type { SectionProps } from './section-props.ts';

/** Storage: the project's buckets (each opens its own page) and the examples for a bucket named 'avatars'. */
export function StorageSection({ data, language, onNavigate }: SectionProps) {
  const buckets = data.buckets;
  return (
    <>
      <DocsHeader
        title="Storage"
        description={<p>Store and serve files in buckets. Access to files follows the policies on storage.objects, like any other table.</p>}
      />
      <DocsBlock id="storage-buckets" title="Buckets">
        {buckets.isError ? (
          <ErrorState error={buckets.error} title="Failed to fetch buckets" onRetry={() => void buckets.refetch()} />
        ) : !buckets.data ? (
          <SkeletonRows rows={2} />
        ) : (
          <DocsItemList
            items={buckets.data.map((bucket) => ({ name: bucket.id, description: bucket.public ? 'Public' : 'Private' }))}
            onOpen={(id) => onNavigate({ section: 'storage', item: id })}
            empty={`This project has no buckets yet. The examples below use a bucket named ${EXAMPLE_BUCKET.id}.`}
            testId="docs-buckets-list"
          />
        )}
      </DocsBlock>
      {storageSnippetGroups(data.context).map((group) => (
        <SnippetGroupView key={group.id} group={group} language={language} />
      ))}
    </>
  );
}
