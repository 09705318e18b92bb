/**
 * Storage examples (spec §9: list limit 100 offset 0, signed URL expiry 60 s, cacheControl 3600).
 * A bucket's detail view passes the bucket; the section's overview shows them for 'avatars'.
 */
import { authHeaders, curl, jsString, jsonInline, shellQuote } from './format.ts';
import type { Snippet, SnippetContext, SnippetGroup } from './types.ts';

export interface StorageBucketDocs {
  /** The bucket id: what `.from()` and the storage URLs take. */
  id: string;
  /** null: not known (the generic examples show both kinds of URL). */
  isPublic: boolean | null;
}

const FILE = 'folder/avatar1.png';

/** The overview's bucket: not a real one, so both kinds of URL are shown. */
export const EXAMPLE_BUCKET: StorageBucketDocs = { id: 'avatars', isPublic: null };

/** Spec §9 docs example constants. */
export const STORAGE_LIST_LIMIT = 100;
export const SIGNED_URL_EXPIRY_SECONDS = 60;
export const UPLOAD_CACHE_CONTROL = 3600;

function storage(id: string, title: string, js: string, bash: string, description?: string): Snippet {
  return { id, title, description, js, bash, kind: 'storage' };
}

export function storageSnippetGroups(ctx: SnippetContext, bucket: StorageBucketDocs = EXAMPLE_BUCKET): SnippetGroup[] {
  const b = jsString(bucket.id);
  const objectUrl = (path: string) => shellQuote(`${ctx.url}/storage/v1/object/${path}`);
  const name = encodeURIComponent(bucket.id);
  const from = `const { data, error } = await supabase\n  .storage\n  .from(${b})`;
  const snippets: Snippet[] = [
    storage(
      'upload-file',
      'Upload a file',
      `const avatarFile = event.target.files[0]\n${from}\n  .upload('${FILE}', avatarFile, {\n    cacheControl: '${UPLOAD_CACHE_CONTROL}',\n    upsert: false\n  })`,
      curl([`curl -X POST ${objectUrl(`${name}/${FILE}`)}`, ...authHeaders(ctx), `-H "cache-control: max-age=${UPLOAD_CACHE_CONTROL}"`, '-H "Content-Type: image/png"', '--data-binary @avatar1.png']),
    ),
    storage(
      'delete-files',
      'Delete files',
      `${from}\n  .remove(['${FILE}'])`,
      curl([`curl -X DELETE ${objectUrl(name)}`, ...authHeaders(ctx), '-H "Content-Type: application/json"', `-d ${shellQuote(jsonInline({ prefixes: [FILE] }))}`]),
    ),
    storage(
      'list-files',
      'List all files in a bucket',
      `${from}\n  .list('folder', {\n    limit: ${STORAGE_LIST_LIMIT},\n    offset: 0,\n    sortBy: { column: 'name', order: 'asc' },\n  })`,
      curl([
        `curl -X POST ${objectUrl(`list/${name}`)}`,
        ...authHeaders(ctx),
        '-H "Content-Type: application/json"',
        `-d ${shellQuote(jsonInline({ prefix: 'folder', limit: STORAGE_LIST_LIMIT, offset: 0, sortBy: { column: 'name', order: 'asc' } }))}`,
      ]),
    ),
    storage('download-file', 'Download a file', `${from}\n  .download('${FILE}')`, curl([`curl ${objectUrl(`${name}/${FILE}`)}`, ...authHeaders(ctx), '--output avatar1.png'])),
  ];
  if (bucket.isPublic !== false) {
    snippets.push(
      storage(
        'public-url',
        'Retrieve public URL',
        `const { data } = supabase\n  .storage\n  .from(${b})\n  .getPublicUrl('${FILE}')`,
        curl([`curl ${objectUrl(`public/${name}/${FILE}`)}`, '--output avatar1.png']),
        'Public buckets only: anyone with the URL can download the file.',
      ),
    );
  }
  if (bucket.isPublic !== true) {
    snippets.push(
      storage(
        'signed-url',
        'Create signed URL',
        `${from}\n  .createSignedUrl('${FILE}', ${SIGNED_URL_EXPIRY_SECONDS})`,
        curl([`curl -X POST ${objectUrl(`sign/${name}/${FILE}`)}`, ...authHeaders(ctx), '-H "Content-Type: application/json"', `-d ${shellQuote(jsonInline({ expiresIn: SIGNED_URL_EXPIRY_SECONDS }))}`]),
        `A URL that works without a key for ${SIGNED_URL_EXPIRY_SECONDS} seconds.`,
      ),
    );
  }
  return [{ id: 'storage-files', title: 'Files', description: 'Upload, list, download and remove files, and share them by URL.', snippets }];
}
