// One Plinth installation as a move sees it: its Management API (/api/v1) called with a personal
// access token, and a project's storage API called with that project's service key. Nothing here
// holds a body whole that could be large: exports, imports, downloads and uploads are streams.

export class MoveError extends Error {}

/** An identifier for SQL: "schema"."table" names come from the catalogue, and are quoted all the same. */
export function ident(name) {
  return `"${String(name).replaceAll('"', '""')}"`;
}

/** A string value for SQL (standard_conforming_strings is on everywhere Plinth runs). */
export function literal(value) {
  return `'${String(value).replaceAll("'", "''")}'`;
}

/** An object's name as a URL path: each folder escaped, the slashes kept. */
export function objectPath(bucket, name) {
  return [bucket, ...name.split('/')].map(encodeURIComponent).join('/');
}

/** "1 row", "2 rows". */
export function count(n, noun) {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** Runs `fn` on each item, `limit` at a time, failing with the first failure. */
export async function eachLimited(items, limit, fn) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export function installation(label, url, token) {
  const base = url.replace(/\/+$/, '');
  const serviceKeys = new Map();

  async function send(method, path, { body, headers = {}, duplex } = {}) {
    try {
      return await fetch(`${base}${path}`, { method, headers, body, ...(duplex && { duplex }) });
    } catch (error) {
      throw new MoveError(`Could not reach the ${label} Plinth at ${base}: ${error.cause?.message ?? error.message}.`);
    }
  }

  async function failure(method, path, response) {
    const text = await response.text().catch(() => '');
    let reason = text || response.statusText;
    try {
      const parsed = JSON.parse(text);
      // Plinth's errors carry a stable code and a message a person can act on; storage's say error/message.
      reason = parsed.message ? `${parsed.message}${parsed.code ? ` (${parsed.code})` : ''}` : parsed.error ?? reason;
    } catch {
      /* not JSON: the text as it came */
    }
    return new MoveError(`${label}: ${method} ${path} failed with ${response.status}: ${reason}`);
  }

  /** A Management API call answering JSON; `raw` bodies (a stream, a form) go as they are. */
  async function api(method, path, body, { raw = false, headers = {} } = {}) {
    const response = await send(method, `/api/v1${path}`, {
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined && !raw && { 'content-type': 'application/json' }), ...headers },
      body: body === undefined || raw ? body : JSON.stringify(body),
      duplex: raw && body && typeof body.getReader === 'function' ? 'half' : undefined,
    });
    if (!response.ok) throw await failure(method, `/api/v1${path}`, response);
    return response;
  }

  const json = async (method, path, body, options) => {
    const text = await (await api(method, path, body, options)).text();
    return text ? JSON.parse(text) : undefined;
  };

  async function serviceKey(ref) {
    if (!serviceKeys.has(ref)) {
      const keys = await json('GET', `/projects/${encodeURIComponent(ref)}/api-keys?reveal=true`);
      const key = keys.find((candidate) => candidate.id === 'service_role');
      if (!key?.api_key) throw new MoveError(`${label}: the project ${ref} shows no service_role key to this token (it needs an Owner's or Administrator's).`);
      serviceKeys.set(ref, key.api_key);
    }
    return serviceKeys.get(ref);
  }

  return {
    label,
    url: base,
    json,
    api,
    /** The rows of the last statement of `sql`, run on the project's database through the SQL endpoint. */
    query: (ref, sql) => json('POST', `/projects/${encodeURIComponent(ref)}/database/query`, { query: sql }),
    /** A call to the project's storage API as its service role (every bucket, every object). */
    async storage(ref, method, path, { body, headers = {} } = {}) {
      const key = await serviceKey(ref);
      const url = `/p/${encodeURIComponent(ref)}/storage/v1${path}`;
      const response = await send(method, url, {
        headers: { apikey: key, authorization: `Bearer ${key}`, ...headers },
        body,
        duplex: body && typeof body.getReader === 'function' ? 'half' : undefined,
      });
      if (!response.ok) throw await failure(method, url, response);
      return response;
    },
  };
}
