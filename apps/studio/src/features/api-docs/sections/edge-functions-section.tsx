import { DocsBlock, DocsHeader, DocsItemList } from '../docs-article.tsx';
import { SnippetGroupView } from '../snippet-group-view.tsx';
import { edgeFunctionSnippetGroups } from '../snippets/edge-function-snippets.ts';
import type { SectionProps } from './section-props.ts';

/** Edge Functions: none can be deployed yet, so the list is empty and the example is generic. */
export function EdgeFunctionsSection({ data, language }: SectionProps) {
  return (
    <>
      <DocsHeader
        title="Edge Functions"
        description={<p>Server-side TypeScript functions, invoked over HTTP at {data.url}/functions/v1/name with the project's keys or a user's session.</p>}
      />
      <DocsBlock id="edge-functions-list" title="Edge Functions">
        <DocsItemList items={[]} onOpen={() => undefined} empty="No edge functions are deployed yet. The example below invokes one named hello-world." testId="docs-edge-functions-list" />
      </DocsBlock>
      {edgeFunctionSnippetGroups(data.context).map((group) => (
        <SnippetGroupView key={group.id} group={group} language={language} />
      ))}
    </>
  );
}
