/**
 * Sends one queued request (net.http_request_queue) and says what came back, in the shape of a
 * net._http_response row. Outside any database transaction: the caller claimed the row first.
 *
 * Server-side request forgery: unless the operator allows private addresses
 * (PLINTH_WEBHOOKS_ALLOW_PRIVATE=on), a request whose host is, or resolves to, a loopback,
 * private, link-local (the cloud metadata address 169.254.169.254 among them), shared, multicast or
 * reserved address, or an address of this machine's own interfaces, is refused before connecting.
 * The check runs in the socket's own DNS lookup, so the address checked is the address connected to
 * (no second resolution an attacker's DNS could answer differently). Redirects are not followed (as
 * pg_net's). The one exception is this project's own Edge Functions at the platform's PUBLIC_URL,
 * which Supabase's "Supabase Edge Function" webhook type targets.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/** Response bodies past this are cut: a webhook's answer is for reading, not for storing files. */
export const MAX_CONTENT_BYTES = 1024 * 1024;

export interface OutgoingRequest {
  method: string;
  url: string;
  params: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: Buffer | null;
  timeoutMs: number;
}

/** A net._http_response row, less id and created. */
export interface Outcome {
  status_code: number | null;
  content_type: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timed_out: boolean;
  error_msg: string | null;
  /** Refused by the address check: never retried. */
  refused?: boolean;
}

export interface SendOptions {
  allowPrivate: boolean;
  /** The platform's PUBLIC_URL and the project whose request this is (its Edge Functions are allowed). */
  publicUrl: string;
  ref: string;
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(net, prefix, 'ipv6');

/** Whether `address` (an IP literal) is one a webhook may not reach without the operator's consent. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1] : address;
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  if (blocked.check(ip, family)) return true;
  // This machine's own addresses reach the platform's internal ports (pooler, database servers).
  return Object.values(networkInterfaces()).some((list) => list?.some((entry) => entry.address === ip));
}

/** This project's Edge Functions at the platform's public URL, which a webhook may always call. */
function isOwnFunction(url: URL, options: SendOptions): boolean {
  const base = new URL(options.publicUrl);
  const prefix = `${base.pathname.replace(/\/$/, '')}/p/${options.ref}/functions/v1/`;
  return url.origin === base.origin && url.pathname.startsWith(prefix);
}

class RefusedAddress extends Error {}

/** dns.lookup, refusing a private answer: net.connect calls it, so what is checked is what is connected to. */
function guardedLookup(hostname: string, options: LookupOptions, callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const refused = addresses.find((entry) => isPrivateAddress(entry.address));
    if (refused) return callback(new RefusedAddress(`${hostname} resolves to ${refused.address}, a private address`), '');
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
}

function refusal(message: string): Outcome {
  return { status_code: null, content_type: null, headers: null, content: null, timed_out: false, error_msg: message, refused: true };
}

export async function send(request: OutgoingRequest, options: SendOptions): Promise<Outcome> {
  let url: URL;
  try {
    url = new URL(request.url);
    for (const [key, value] of Object.entries(request.params)) url.searchParams.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    return refusal('Invalid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return refusal(`Unsupported protocol ${url.protocol}`);
  const isGuarded = !options.allowPrivate && !isOwnFunction(url, options);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isGuarded && isIP(literal) && isPrivateAddress(literal)) {
    return refusal(`Requests to private addresses are not allowed (${literal}); the operator can allow them with PLINTH_WEBHOOKS_ALLOW_PRIVATE=on`);
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name] = typeof value === 'string' ? value : JSON.stringify(value);
  if (request.body) headers['Content-Length'] = String(request.body.length);

  return new Promise<Outcome>((resolve) => {
    let timedOut = false;
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, { method: request.method, headers, ...(isGuarded && { lookup: guardedLookup }) }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => {
        clearTimeout(timer);
        const responseHeaders: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) responseHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
        resolve({
          status_code: res.statusCode ?? null,
          content_type: res.headers['content-type'] ?? null,
          headers: responseHeaders,
          // Postgres text cannot hold NUL.
          content: Buffer.concat(chunks).toString('utf8').replace(/\u0000/g, ''),
          timed_out: false,
          error_msg: null,
        });
      };
      res.on('data', (chunk: Buffer) => {
        if (size >= MAX_CONTENT_BYTES) return;
        chunks.push(chunk.subarray(0, MAX_CONTENT_BYTES - size));
        size += chunk.length;
        if (size >= MAX_CONTENT_BYTES) {
          // Enough read: keep what fits and stop downloading.
          res.destroy();
          finish();
        }
      });
      res.on('end', finish);
      res.on('error', () => (timedOut ? undefined : finish()));
    });
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy();
      resolve({ status_code: null, content_type: null, headers: null, content: null, timed_out: true, error_msg: `Timeout of ${request.timeoutMs} ms reached` });
    }, request.timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      if (timedOut) return;
      if (error instanceof RefusedAddress) {
        resolve(refusal(`Requests to private addresses are not allowed (${error.message}); the operator can allow them with PLINTH_WEBHOOKS_ALLOW_PRIVATE=on`));
        return;
      }
      resolve({ status_code: null, content_type: null, headers: null, content: null, timed_out: false, error_msg: error.message });
    });
    req.end(request.body ?? undefined);
  });
}
