export const databaseIndex = `// Reads rows with supabase-js as the caller: the request's Authorization header (the user's JWT,
// or the anon key) is passed on, so the table's row-level security policies decide what comes back.
// Change 'todos' to one of your tables.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { corsHeaders, json } from './cors.ts';

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });

  const authorization = req.headers.get('Authorization');
  if (!authorization) return json({ error: 'Missing Authorization header' }, 401);

  const supabase = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_ANON_KEY')!, {
    global: { headers: { Authorization: authorization } },
  });

  const { data, error } = await supabase.from('todos').select('*').limit(10);
  if (error) return json({ error: error.message }, 400);
  return json({ rows: data });
});
`;
