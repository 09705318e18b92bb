import { DocsBlock, DocsHeader, DocsItemList } from '../docs-article.tsx';
import { SnippetGroupView } from '../snippet-group-view.tsx';
import { storageSnippetGroups } from '../snippets/storage-snippets.ts';
import type { SectionProps } from './section-props.ts';

/**
 * Storage: Plinth has no buckets yet, so the list is honestly empty and the examples use an
 * example bucket name ('avatars').
 */
export function StorageSection({ data, language }: SectionProps) {
  return (
    <>
      <DocsHeader
        title="Storage"
        description={<p>Store and serve files in buckets. Access to files follows the policies on storage.objects, like any other table.</p>}
      />
      <DocsBlock id="storage-buckets" title="Buckets">
        <DocsItemList items={[]} onOpen={() => undefined} empty="This project has no buckets yet. The examples below use a bucket named avatars." testId="docs-buckets-list" />
      </DocsBlock>
      {storageSnippetGroups(data.context).map((group) => (
        <SnippetGroupView key={group.id} group={group} language={language} />
      ))}
    </>
  );
}
