import { DocsBlock, DocsHeader, DocsItemList } from '../docs-article.tsx';
import { SourceState } from './source-state.tsx';
import type { SectionProps } from './section-props.ts';

export function ProceduresSection({ data, onNavigate }: SectionProps) {
  const functions = data.openApi.data?.functions;
  return (
    <>
      <DocsHeader
        title="Stored Procedures"
        description={
          <p>
            Functions in the <code className="font-mono text-xs text-fg">{data.context.schema}</code> schema are callable through the API as remote
            procedure calls: <code className="font-mono text-xs text-fg">supabase.rpc()</code>, or a POST to <code className="font-mono text-xs text-fg">/rest/v1/rpc/name</code>.
            Use them for logic that belongs next to the data.
          </p>
        }
      />
      <DocsBlock id="functions-list" title="Stored Procedures">
        {functions ? (
          <DocsItemList
            items={functions}
            onOpen={(name) => onNavigate({ section: 'stored-procedures', item: name })}
            empty={`No functions in the ${data.context.schema} schema are exposed yet. Create one in Database > Functions or the SQL editor.`}
            testId="docs-functions-list"
          />
        ) : (
          <SourceState data={data} />
        )}
      </DocsBlock>
    </>
  );
}
