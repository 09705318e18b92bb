/** The new function editor's templates: real Deno code, as `supabase functions new` would start it. */
import { DEFAULT_ENTRYPOINT, type SourceFile } from '../function-files.ts';
import { corsFile } from './cors.ts';
import { databaseIndex } from './database.ts';
import { helloWorldIndex } from './hello-world.ts';
import { openAiStreamIndex } from './openai-stream.ts';
import { storageUploadIndex } from './storage-upload.ts';
import { stripeWebhookIndex } from './stripe-webhook.ts';

export interface FunctionTemplate {
  id: string;
  label: string;
  description: string;
  /** The slug the editor suggests with it. */
  slug: string;
  /** Stripe cannot send a Supabase JWT, so its template starts with verification off. */
  verifyJwt: boolean;
  files: SourceFile[];
}

const entry = (content: string): SourceFile => ({ path: DEFAULT_ENTRYPOINT, content });
const cors: SourceFile = { path: 'cors.ts', content: corsFile };

export const FUNCTION_TEMPLATES: readonly FunctionTemplate[] = [
  { id: 'hello-world', label: 'Hello world', description: 'Answers a JSON greeting for the name it is sent.', slug: 'hello-world', verifyJwt: true, files: [entry(helloWorldIndex)] },
  {
    id: 'database',
    label: 'Database access (supabase-js)',
    description: "Reads a table with the caller's Authorization header, so row-level security applies.",
    slug: 'read-todos',
    verifyJwt: true,
    files: [entry(databaseIndex), cors],
  },
  { id: 'storage-upload', label: 'Storage upload', description: 'Saves the request body as a file in a bucket, as the caller.', slug: 'upload-file', verifyJwt: true, files: [entry(storageUploadIndex), cors] },
  {
    id: 'stripe-webhook',
    label: 'Stripe webhook',
    description: 'Checks the Stripe-Signature HMAC with a secret from Deno.env before handling the event.',
    slug: 'stripe-webhook',
    verifyJwt: false,
    files: [entry(stripeWebhookIndex)],
  },
  { id: 'openai-stream', label: 'Streaming (OpenAI-style SSE)', description: 'Streams a chat completion as server-sent events.', slug: 'chat-stream', verifyJwt: true, files: [entry(openAiStreamIndex), cors] },
];

export function templateById(id: string): FunctionTemplate {
  return FUNCTION_TEMPLATES.find((template) => template.id === id) ?? FUNCTION_TEMPLATES[0];
}
