export const helloWorldIndex = `// Answers with a greeting: POST {"name": "Functions"} -> {"message": "Hello Functions!"}
// Invoke it with supabase.functions.invoke('<slug>', { body: { name: 'Functions' } }).

Deno.serve(async (req) => {
  // A GET (or a body that is not JSON) has no name: greet the world instead.
  const { name } = await req.json().catch(() => ({ name: undefined }));
  const data = { message: \`Hello \${name ?? 'world'}!\` };

  return new Response(JSON.stringify(data), {
    headers: { 'Content-Type': 'application/json' },
  });
});
`;
