export const storageUploadIndex = `// Stores the request body as a file in Storage, as the caller: POST the file's bytes with its
// Content-Type to /<slug>?name=photo.png. The bucket's storage policies decide whether the caller
// may upload. Create the bucket first (Storage > New bucket) or change BUCKET.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { corsHeaders, json } from './cors.ts';

const BUCKET = 'uploads';

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return json({ error: 'POST the file as the request body' }, 405);

  const supabase = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_ANON_KEY')!, {
    global: { headers: { Authorization: req.headers.get('Authorization') ?? '' } },
  });

  // Only a plain file name: a name cannot reach into other folders of the bucket.
  const asked = new URL(req.url).searchParams.get('name') ?? '';
  const name = asked.replace(/[^A-Za-z0-9._-]+/g, '_') || \`upload-\${crypto.randomUUID()}\`;
  const contentType = req.headers.get('Content-Type') ?? 'application/octet-stream';

  const { data, error } = await supabase.storage
    .from(BUCKET)
    .upload(name, await req.arrayBuffer(), { contentType, upsert: false });
  if (error) return json({ error: error.message }, 400);
  return json({ bucket: BUCKET, path: data.path }, 201);
});
`;
