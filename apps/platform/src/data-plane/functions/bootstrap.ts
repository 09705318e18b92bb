/**
 * The two small modules written beside a function's files: `.plinth-serve.mjs` makes the function's
 * `Deno.serve(...)` listen on the port the platform chose (Deno.args[0], on 127.0.0.1) and report
 * readiness on stdout; `.plinth-main.mjs` imports it and then the function's entrypoint, so the
 * override is in place before the function's code runs.
 */

export const READY_MARKER = 'PLINTH_FUNCTION_READY';
export const SERVE_MODULE = '.plinth-serve.mjs';
export const MAIN_MODULE = '.plinth-main.mjs';

export const SERVE_SOURCE = `const port = Number(Deno.args[0]);
const serve = Deno.serve.bind(Deno);
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
    onListen() { console.log(${JSON.stringify(READY_MARKER)}); },
  }, handler);
};
`;

/** The main module for an entrypoint given as a relative path (already checked: no `..`). */
export function mainSource(entrypoint: string): string {
  const specifier = './' + entrypoint.split('/').map(encodeURIComponent).join('/');
  return `import './${SERVE_MODULE}';\nimport ${JSON.stringify(specifier)};\n`;
}
