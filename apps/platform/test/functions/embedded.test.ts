/**
 * Edge functions on the embedded engine (PGlite), driven as an app drives them: deployed through the
 * Management API's multipart body, invoked with supabase-js. JSON, text and binary bodies both ways,
 * a server-sent event stream read while the function is still running, a function that throws,
 * verify_jwt on and off, a function that queries the database with its caller's JWT (so RLS picks
 * the rows), and the project's secrets in Deno.env.
 */
import { FunctionsHttpError } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectClient, runSql, startFunctionsHarness, type FunctionsHarness } from './harness.ts';

const ECHO_JSON = `Deno.serve(async (req) => {
  const body = await req.json();
  return Response.json({ received: body, method: req.method, contentType: req.headers.get('content-type') });
});
`;

const SHOUT_TEXT = `Deno.serve(async (req) => new Response((await req.text()).toUpperCase(), { headers: { 'content-type': 'text/plain; charset=utf-8' } }));
`;

/** Answers the request's bytes reversed, so a body that was re-encoded on the way would show. */
const REVERSE_BYTES = `Deno.serve(async (req) => {
  const bytes = new Uint8Array(await req.arrayBuffer()).reverse();
  return new Response(bytes, { headers: { 'content-type': 'application/octet-stream', 'x-received-type': req.headers.get('content-type') ?? '' } });
});
`;

/**
 * /events streams one event, waits until some request calls /events/release, then sends a second
 * and ends: the first event can only reach the client early if the relay passes it on as written.
 */
const EVENTS = `let release = () => {};
const released = new Promise((resolve) => { release = resolve; });
Deno.serve((req) => {
  if (new URL(req.url).pathname.endsWith('/release')) {
    release();
    return new Response('released');
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream({
    async start(controller) {
      controller.enqueue(encoder.encode('event: tick\\ndata: one\\n\\n'));
      await released;
      controller.enqueue(encoder.encode('event: tick\\ndata: two\\n\\n'));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } });
});
`;

const THROWS = `Deno.serve(() => {
  throw new Error('something broke');
});
`;

const WHO = `Deno.serve((req) => Response.json({ authorization: req.headers.get('authorization') !== null }));
`;

/** Reads the caller's notes through the project API with the caller's own JWT: RLS decides the rows. */
const MY_NOTES = `import { createClient } from 'npm:@supabase/supabase-js@2';

Deno.serve(async (req) => {
  const supabase = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_ANON_KEY')!, {
    global: { headers: { Authorization: req.headers.get('Authorization')! } },
  });
  const { data, error } = await supabase.from('notes').select('body').order('body');
  if (error) return Response.json({ error }, { status: 500 });
  return Response.json(data);
});
`;

const GREETING = `Deno.serve(() => new Response(Deno.env.get('GREETING') ?? '(unset)'));
`;

/** Reads from `reader` until the text so far contains `marker`; returns that text. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, marker: string): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes(marker)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended before ${JSON.stringify(marker)}; got ${JSON.stringify(text)}`);
    text += decoder.decode(value, { stream: true });
  }
  return text;
}

describe('edge functions on the embedded engine', () => {
  let h: FunctionsHarness;

  beforeAll(async () => {
    h = await startFunctionsHarness({ engine: 'embedded' });
  }, 120_000);

  afterAll(async () => {
    await h?.stop();
  }, 60_000);

  it('takes and answers JSON through supabase.functions.invoke()', async () => {
    expect((await h.deploy('echo-json', { 'index.ts': ECHO_JSON })).status).toBe(201);
    const { data, error } = await h.client.functions.invoke('echo-json', { body: { name: 'Ada', tags: ['a', 'b'], nested: { n: 1 } } });
    expect(error).toBeNull();
    expect(data).toEqual({ received: { name: 'Ada', tags: ['a', 'b'], nested: { n: 1 } }, method: 'POST', contentType: 'application/json' });
  });

  it('takes and answers plain text', async () => {
    expect((await h.deploy('shout', { 'index.ts': SHOUT_TEXT })).status).toBe(201);
    const { data, error } = await h.client.functions.invoke('shout', { body: 'hej på dig' });
    expect(error).toBeNull();
    expect(data).toBe('HEJ PÅ DIG');
  });

  it('passes binary bodies both ways byte for byte, from an ArrayBuffer and from a Blob', async () => {
    expect((await h.deploy('reverse', { 'index.ts': REVERSE_BYTES })).status).toBe(201);
    // Every byte value, several times over: invalid UTF-8 that any text decoding on the way would mangle.
    const bytes = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7) % 256);
    const reversed = Uint8Array.from(bytes).reverse();

    const fromBuffer = await h.client.functions.invoke('reverse', { body: bytes.buffer });
    expect(fromBuffer.error).toBeNull();
    expect(fromBuffer.data).toBeInstanceOf(Blob);
    expect(new Uint8Array(await (fromBuffer.data as Blob).arrayBuffer())).toEqual(reversed);
    expect(fromBuffer.response?.headers.get('x-received-type')).toBe('application/octet-stream');

    const fromBlob = await h.client.functions.invoke('reverse', { body: new Blob([bytes], { type: 'image/x-test' }) });
    expect(fromBlob.error).toBeNull();
    expect(new Uint8Array(await (fromBlob.data as Blob).arrayBuffer())).toEqual(reversed);
    expect(fromBlob.response?.headers.get('x-received-type')).toBe('image/x-test');
  });

  it('streams server-sent events as they are written: the first arrives while the function still waits', async () => {
    expect((await h.deploy('events', { 'index.ts': EVENTS })).status).toBe(201);
    const headers = { authorization: `Bearer ${h.anonKey}`, apikey: h.anonKey };
    const response = await fetch(`${h.url}/functions/v1/events`, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.getReader();
    // The function cannot send its second event (nor end) before /events/release is called below.
    expect(await readUntil(reader, 'data: one\n\n')).toBe('event: tick\ndata: one\n\n');

    const release = await fetch(`${h.url}/functions/v1/events/release`, { method: 'POST', headers });
    expect(await release.text()).toBe('released');
    expect(await readUntil(reader, 'data: two\n\n')).toBe('event: tick\ndata: two\n\n');
    expect((await reader.read()).done).toBe(true);
  });

  it('answers 500 for a function that throws, which supabase-js reports as a FunctionsHttpError', async () => {
    expect((await h.deploy('throws', { 'index.ts': THROWS })).status).toBe(201);
    const { data, error } = await h.client.functions.invoke('throws', { body: {} });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const context = (error as FunctionsHttpError).context as Response;
    expect(context.status).toBe(500);
    // The function's own failure, not the relay's.
    expect(context.headers.get('x-relay-error')).toBeNull();
    // The platform keeps serving the project's other functions.
    expect((await h.client.functions.invoke('shout', { body: 'still up' })).data).toBe('STILL UP');
  });

  it('checks the caller while verify_jwt is on, and lets anyone in when it is deployed off', async () => {
    expect((await h.deploy('guarded', { 'index.ts': WHO })).status).toBe(201);
    const bare = await fetch(`${h.url}/functions/v1/guarded`, { method: 'POST' });
    expect(bare.status).toBe(401);
    expect(bare.headers.get('x-relay-error')).toBe('true');
    expect(await bare.json()).toEqual({ code: 401, message: 'Missing authorization header' });
    const forgedToken = await new SignJWT({ role: 'service_role', ref: h.ref })
      .setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-project-secret-but-long-enough-0000'));
    const forged = await projectClient(h, forgedToken).functions.invoke('guarded', { body: {} });
    expect(forged.error?.name).toBe('FunctionsRelayError');
    expect(forged.response?.status).toBe(401);
    expect(await forged.response?.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    expect((await h.client.functions.invoke('guarded', { body: {} })).data).toEqual({ authorization: true });

    const open = await h.deploy('open', { 'index.ts': WHO }, { verify_jwt: false });
    expect(open.status).toBe(201);
    expect(open.body.verify_jwt).toBe(false);
    const anonymous = await fetch(`${h.url}/functions/v1/open`, { method: 'POST' });
    expect(anonymous.status).toBe(200);
    expect(await anonymous.json()).toEqual({ authorization: false });
  });

  it('reads the database with the caller\'s JWT through supabase-js in the function, so each user gets only their rows', async () => {
    await runSql(h, `
      create table public.notes (id uuid primary key default gen_random_uuid(), body text not null, owner uuid not null default auth.uid());
      alter table public.notes enable row level security;
      create policy "own notes" on public.notes for all to authenticated using (auth.uid() = owner) with check (auth.uid() = owner);
      grant select, insert on public.notes to authenticated;
    `);
    const alice = projectClient(h);
    const bob = projectClient(h);
    expect((await alice.auth.signUp({ email: 'alice.functions@example.com', password: 'correct-horse-battery' })).error).toBeNull();
    expect((await bob.auth.signUp({ email: 'bob.functions@example.com', password: 'correct-horse-battery' })).error).toBeNull();
    expect((await alice.from('notes').insert([{ body: 'alice 1' }, { body: 'alice 2' }])).error).toBeNull();
    expect((await bob.from('notes').insert({ body: 'bob 1' })).error).toBeNull();

    expect((await h.deploy('my-notes', { 'index.ts': MY_NOTES })).status).toBe(201);
    // The first start downloads supabase-js from the npm registry into the function cache.
    const forAlice = await alice.functions.invoke('my-notes');
    expect(forAlice.error).toBeNull();
    expect(forAlice.data).toEqual([{ body: 'alice 1' }, { body: 'alice 2' }]);
    const forBob = await bob.functions.invoke('my-notes');
    expect(forBob.data).toEqual([{ body: 'bob 1' }]);
    // The anon key is no user: RLS shows it nothing.
    expect((await h.client.functions.invoke('my-notes')).data).toEqual([]);
  }, 120_000);

  it('puts the project\'s secrets in Deno.env, sees a changed value at the next call, and refuses SUPABASE_ names', async () => {
    const secrets = `/api/v1/projects/${h.ref}/secrets`;
    const created = await h.api.post(secrets, [{ name: 'GREETING', value: 'hej' }]);
    expect(created.status).toBe(201);
    expect((await h.deploy('greeting', { 'index.ts': GREETING })).status).toBe(201);
    expect((await h.client.functions.invoke('greeting')).data).toBe('hej');

    expect((await h.api.post(secrets, [{ name: 'GREETING', value: 'hallå' }])).status).toBe(201);
    expect((await h.client.functions.invoke('greeting')).data).toBe('hallå');

    const refused = await h.api.post(secrets, [{ name: 'SUPABASE_URL', value: 'https://elsewhere.example.com' }]);
    expect(refused.status).toBe(400);
    expect((await h.client.functions.invoke('greeting')).data).toBe('hallå');
  });
});
