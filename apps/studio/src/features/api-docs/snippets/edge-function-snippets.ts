/** Invoking an edge function by its slug: one the project has, or 'hello-world' as a generic example. */
import { authHeaders, curl, jsString, jsonInline, shellQuote } from './format.ts';
import type { SnippetContext, SnippetGroup } from './types.ts';

export function edgeFunctionSnippetGroups(ctx: SnippetContext, slug = 'hello-world'): SnippetGroup[] {
  return [
    {
      id: 'invoke-edge-function',
      title: 'Invoke an edge function',
      description: 'The body is sent as JSON; the function answers with whatever it returns.',
      snippets: [
        {
          id: 'invoke-edge-function-snippet',
          title: 'Invoke',
          js: `const { data, error } = await supabase.functions.invoke(${jsString(slug)}, {\n  body: { name: 'Functions' },\n})`,
          bash: curl([
            `curl -L -X POST ${shellQuote(`${ctx.url}/functions/v1/${encodeURIComponent(slug)}`)}`,
            ...authHeaders(ctx),
            '-H "Content-Type: application/json"',
            `--data ${shellQuote(jsonInline({ name: 'Functions' }))}`,
          ]),
          kind: 'functions',
        },
      ],
    },
  ];
}
