import { ErrorState } from '../../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../../components/ui/skeleton.tsx';
import { DocsBlock, DocsHeader, DocsItemList } from '../docs-article.tsx';
import { SnippetGroupView } from '../snippet-group-view.tsx';
import { edgeFunctionSnippetGroups } from '../snippets/edge-function-snippets.ts';
import type { SectionProps } from './section-props.ts';

/** Edge Functions: the project's functions (each opens its own page) and a generic invoke example. */
export function EdgeFunctionsSection({ data, language, onNavigate }: SectionProps) {
  const functions = data.edgeFunctions;
  return (
    <>
      <DocsHeader
        title="Edge Functions"
        description={<p>Server-side TypeScript functions, invoked over HTTP at {data.url}/functions/v1/name with the project's keys or a user's session.</p>}
      />
      <DocsBlock id="edge-functions-list" title="Edge Functions">
        {functions.isError ? (
          <ErrorState error={functions.error} title="Failed to retrieve edge functions" onRetry={() => void functions.refetch()} />
        ) : !functions.data ? (
          <SkeletonRows rows={2} />
        ) : (
          <DocsItemList
            items={functions.data.map((fn) => ({ name: fn.slug, description: fn.name !== fn.slug ? fn.name : undefined }))}
            onOpen={(slug) => onNavigate({ section: 'edge-functions', item: slug })}
            empty="No edge functions are deployed yet. Deploy one from Edge Functions, the Supabase CLI or the Management API; the example below invokes one named hello-world."
            testId="docs-edge-functions-list"
          />
        )}
      </DocsBlock>
      {edgeFunctionSnippetGroups(data.context).map((group) => (
        <SnippetGroupView key={group.id} group={group} language={language} />
      ))}
    </>
  );
}
