export const openAiStreamIndex = `// Streams a chat completion as server-sent events, in OpenAI's chunk format:
//   POST {"prompt": "Say hello"}  ->  data: {"choices":[{"delta":{"content":"..."}}]} ... data: [DONE]
// With the OPENAI_API_KEY secret set, the prompt goes to OpenAI and its stream is passed straight
// through; without it, the function streams an echo of the prompt so you can try the client side.
import { corsHeaders } from './cors.ts';

const SSE_HEADERS = { ...corsHeaders, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' };

function echoStream(prompt: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const words = \`You said: \${prompt}\`.split(' ');
  return new ReadableStream({
    async start(controller) {
      for (const [index, word] of words.entries()) {
        const chunk = { object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: (index ? ' ' : '') + word } }] };
        controller.enqueue(encoder.encode(\`data: \${JSON.stringify(chunk)}\\n\\n\`));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      controller.enqueue(encoder.encode('data: [DONE]\\n\\n'));
      controller.close();
    },
  });
}

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  const { prompt } = await req.json().catch(() => ({ prompt: undefined }));
  if (typeof prompt !== 'string' || !prompt) return Response.json({ error: 'POST {"prompt": "..."}' }, { status: 400, headers: corsHeaders });

  const apiKey = Deno.env.get('OPENAI_API_KEY');
  if (!apiKey) return new Response(echoStream(prompt), { headers: SSE_HEADERS });

  const upstream = await fetch('https://api.openai.com/v1/chat/completions', {
    method: 'POST',
    headers: { Authorization: \`Bearer \${apiKey}\`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: prompt }] }),
  });
  if (!upstream.ok || !upstream.body) {
    return Response.json({ error: \`OpenAI answered \${upstream.status}\`, details: await upstream.text() }, { status: 502, headers: corsHeaders });
  }
  return new Response(upstream.body, { headers: SSE_HEADERS });
});
`;
