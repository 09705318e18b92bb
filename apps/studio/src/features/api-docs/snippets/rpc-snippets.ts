/** A stored procedure's invoke example, with an example value for each of its arguments. */
import type { DocsFunction } from '../../../data/api-docs/openapi.ts';
import { exampleValue } from './example-values.ts';
import { authHeaders, curl, jsLiteral, jsString, jsonInline, restUrl, shellQuote, type Example } from './format.ts';
import type { Snippet, SnippetContext, SnippetGroup } from './types.ts';

function argumentsOf(fn: DocsFunction): Record<string, Example> {
  return Object.fromEntries(fn.args.map((arg, index) => [arg.name, exampleValue({ ...arg, maxLength: null }, index % 2 === 0 ? 0 : 1)]));
}

function jsArguments(args: Record<string, Example>): string {
  const entries = Object.entries(args);
  if (entries.length === 0) return '';
  const object = jsLiteral(args);
  // One argument per line reads better once there are several.
  return entries.length <= 2 ? `, ${object}` : `, {\n${entries.map(([name, value]) => `    ${jsLiteral({ [name]: value }).slice(2, -2)},`).join('\n')}\n  }`;
}

export function rpcSnippet(fn: DocsFunction, ctx: SnippetContext): Snippet {
  const args = argumentsOf(fn);
  return {
    id: 'invoke-function',
    title: 'Invoke function',
    js: [`let { data, error } = await supabase`, `  .rpc(${jsString(fn.name)}${jsArguments(args)})`, 'if (error) console.error(error)', 'else console.log(data)'].join('\n'),
    bash: curl([
      `curl -X POST ${shellQuote(restUrl(ctx, `rpc/${encodeURIComponent(fn.name)}`))}`,
      ...authHeaders(ctx),
      '-H "Content-Type: application/json"',
      `-d ${shellQuote(jsonInline(args))}`,
    ]),
    kind: 'rest',
  };
}

export function rpcSnippetGroups(fn: DocsFunction, ctx: SnippetContext): SnippetGroup[] {
  return [
    {
      id: 'invoke',
      title: 'Invoke',
      description: 'Functions run in the database with the privileges of the role in the request (or their owner, when security definer).',
      snippets: [rpcSnippet(fn, ctx)],
    },
  ];
}
