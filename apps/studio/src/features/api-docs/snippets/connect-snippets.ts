/** Connecting: the client in JavaScript, the key in a shell variable for the curl examples. */
import { jsString } from './format.ts';
import { ANON_KEY_PLACEHOLDER, type Snippet, type SnippetContext } from './types.ts';

export function initSnippet(ctx: SnippetContext): Snippet {
  const key = ctx.anonKey ? jsString(ctx.anonKey) : `process.env.${ANON_KEY_PLACEHOLDER}`;
  return {
    id: 'initialize-client',
    title: 'Initialize the client',
    description: 'Install the client with npm install @supabase/supabase-js, then create it once and reuse it.',
    js: [
      "import { createClient } from '@supabase/supabase-js'",
      '',
      `const supabaseUrl = ${jsString(ctx.url)}`,
      `const supabaseKey = ${key}`,
      'const supabase = createClient(supabaseUrl, supabaseKey)',
    ].join('\n'),
    // Hidden keys: the curl examples read $SUPABASE_KEY, so they run once it is exported.
    bash: `export ${ANON_KEY_PLACEHOLDER}="${ctx.anonKey ?? '<client API key>'}"`,
    kind: 'setup',
  };
}
