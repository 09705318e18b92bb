import { Badge } from '../../../components/ui/badge.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../../components/ui/skeleton.tsx';
import { DocsHeader } from '../docs-article.tsx';
import { SnippetGroupView } from '../snippet-group-view.tsx';
import { edgeFunctionSnippetGroups } from '../snippets/edge-function-snippets.ts';
import type { SectionProps } from './section-props.ts';

/** One edge function: where it answers, whether it wants a JWT, and how to invoke it. */
export function EdgeFunctionDetail({ data, language, location }: SectionProps) {
  const functions = data.edgeFunctions;
  if (functions.isError) return <ErrorState error={functions.error} title="Failed to retrieve edge functions" onRetry={() => void functions.refetch()} />;
  if (!functions.data) return <SkeletonRows rows={3} />;
  const fn = functions.data.find((entry) => entry.slug === location.item);
  if (!fn) return <DocsHeader title={location.item} description={<p>This edge function does not exist (any more).</p>} />;
  return (
    <>
      <DocsHeader
        title={fn.slug}
        badge={<Badge tone={fn.verify_jwt ? 'neutral' : 'warning'}>{fn.verify_jwt ? 'Verify JWT' : 'No JWT verification'}</Badge>}
        description={
          <>
            {fn.name !== fn.slug && <p>{fn.name}</p>}
            <p data-testid="docs-edge-function-url">
              Invoked at <code className="font-mono text-xs text-fg">{`${data.url}/functions/v1/${fn.slug}`}</code>{' '}
              {fn.verify_jwt
                ? "with the anon key or a user's session in the Authorization header; requests without a valid JWT are refused."
                : 'by anyone: JWT verification is off, so the function checks callers itself.'}
            </p>
          </>
        }
      />
      {edgeFunctionSnippetGroups(data.context, fn.slug).map((group) => (
        <SnippetGroupView key={group.id} group={group} language={language} />
      ))}
    </>
  );
}
