/**
 * The two small modules written beside a function's files: `.plinth-serve.mjs` makes the function's
 * `Deno.serve(...)` listen on the port the platform chose (Deno.args[0], on 127.0.0.1) and report
 * readiness on stdout; `.plinth-main.mjs` imports it and then the function's entrypoint, so the
 * override is in place before the function's code runs. It also makes `Deno.env.get` of a variable
 * the function was not given return undefined, as Supabase's runtime does, instead of throwing.
 *
 * The serve module also frames each console call: a line `\x1e{level}` before and `\x1f` after the
 * text, which Deno's console.log formats and prints on stdout whatever the method (console output
 * is written synchronously, so frame and text cannot interleave, and one stream keeps the calls in
 * order). The platform then logs one entry per call with its level (worker-output.ts) and the text
 * exactly as Deno formatted it; output written otherwise is logged as it comes.
 */

export const READY_MARKER = 'PLINTH_FUNCTION_READY';
export const SERVE_MODULE = '.plinth-serve.mjs';
export const MAIN_MODULE = '.plinth-main.mjs';
export const CONSOLE_BEGIN = '\u001e';
export const CONSOLE_END = '\u001f';

/** Console methods framed, with the level their entries get. */
const FRAMED: [method: string, level: string][] = [['log', 'log'], ['info', 'info'], ['debug', 'log'], ['warn', 'warning'], ['error', 'error']];

export const SERVE_SOURCE = `const port = Number(Deno.args[0]);
const serve = Deno.serve.bind(Deno);
const encoder = new TextEncoder();
const mark = (stream, text) => {
  try { stream.writeSync(encoder.encode(text)); } catch { /* a closed stream: nothing to frame */ }
};
const print = console.log.bind(console);
for (const [method, level] of ${JSON.stringify(FRAMED)}) {
  console[method] = (...args) => {
    mark(Deno.stdout, ${JSON.stringify(CONSOLE_BEGIN)} + level + '\\n');
    try { print(...args); } finally { mark(Deno.stdout, ${JSON.stringify(CONSOLE_END)} + '\\n'); }
  };
}
// As on Supabase, a variable the function was not given reads as unset (Deno would throw NotCapable):
// only the function's own variables are allowed, so nothing else can be read either way.
const env = Deno.env;
const getVariable = env.get.bind(env);
const hasVariable = env.has.bind(env);
const unlessDenied = (read, fallback) => (name) => {
  try { return read(name); } catch (error) { if (error instanceof Deno.errors.NotCapable) return fallback; throw error; }
};
env.get = unlessDenied(getVariable, undefined);
env.has = unlessDenied(hasVariable, false);
let isServing = false;
Deno.serve = (first, second) => {
  const options = typeof first === 'function' ? {} : (first ?? {});
  const handler = typeof first === 'function' ? first : (typeof second === 'function' ? second : options.handler);
  if (typeof handler !== 'function') throw new TypeError('Deno.serve needs a handler function');
  if (isServing) throw new Error('An edge function serves once: Deno.serve was called a second time');
  isServing = true;
  return serve({
    hostname: '127.0.0.1',
    port,
    onError: options.onError,
    signal: options.signal,
    onListen() { mark(Deno.stdout, ${JSON.stringify(READY_MARKER + '\n')}); },
  }, handler);
};
`;

/** The main module for an entrypoint given as a relative path (already checked: no `..`). */
export function mainSource(entrypoint: string): string {
  const specifier = './' + entrypoint.split('/').map(encodeURIComponent).join('/');
  return `import './${SERVE_MODULE}';\nimport ${JSON.stringify(specifier)};\n`;
}
