// bench:auth's bare handler, run as its own process (as the platform is) so each side has one Node
// process and libuv's four threads: node:http, no framework, no gateway, no logs.
//   POST /signin  { email, password }  -> the platform's own verifyPassword against one stored hash,
//                                         and nothing else.
//   POST /refresh { refresh_token }    -> one SQL statement on the project's database that rotates the
//                                         token (revoke it, touch its session, insert the next), and
//                                         an HS256 access token signed with jose, as a refresh answers.
// Environment: BARE_HASH (the stored hash), BARE_DB_HOST (the project cluster's socket directory),
// BARE_JWT_SECRET, BARE_ISSUER. Prints "listening <port>" once ready.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { SignJWT } from 'jose';
import pg from 'pg';
import { verifyPassword } from '../../apps/platform/src/data-plane/auth/password.ts';

const { BARE_HASH, BARE_DB_HOST, BARE_JWT_SECRET, BARE_ISSUER } = process.env;
if (!BARE_HASH || !BARE_DB_HOST || !BARE_JWT_SECRET || !BARE_ISSUER) throw new Error('BARE_HASH, BARE_DB_HOST, BARE_JWT_SECRET and BARE_ISSUER are required');

// The platform's project pool has 5 connections (engines/local/local-engine.ts PROJECT_POOL_MAX).
const pool = new pg.Pool({ host: BARE_DB_HOST, port: 5432, user: 'postgres', database: 'postgres', max: 5 });
const secret = new TextEncoder().encode(BARE_JWT_SECRET);
const EXPIRY_SECONDS = 3600;

const ROTATE = `
  with old as (
    update auth.refresh_tokens set revoked = true, updated_at = now()
     where token = $1 and not revoked
     returning user_id, session_id, token),
  touched as (
    update auth.sessions s set refreshed_at = now(), updated_at = now() from old where s.id = old.session_id returning s.id)
  insert into auth.refresh_tokens (token, user_id, session_id, parent)
  select $2, old.user_id, old.session_id, old.token from old
  returning user_id, session_id`;

async function refresh(token: string): Promise<{ status: number; body: unknown }> {
  const next = randomBytes(16).toString('base64url');
  const { rows } = await pool.query<{ user_id: string; session_id: string }>(ROTATE, [token, next]);
  if (!rows[0]) return { status: 400, body: { error: 'refresh_token_not_found' } };
  const now = Math.floor(Date.now() / 1000);
  const accessToken = await new SignJWT({ iss: BARE_ISSUER, sub: rows[0].user_id, aud: 'authenticated', role: 'authenticated', aal: 'aal1', session_id: rows[0].session_id })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + EXPIRY_SECONDS)
    .sign(secret);
  return { status: 200, body: { access_token: accessToken, token_type: 'bearer', expires_in: EXPIRY_SECONDS, refresh_token: next } };
}

async function answer(path: string, body: Record<string, string>): Promise<{ status: number; body: unknown }> {
  if (path === '/signin') {
    const isValid = await verifyPassword(String(body.password), BARE_HASH);
    return isValid ? { status: 200, body: { ok: true } } : { status: 400, body: { error: 'invalid_credentials' } };
  }
  if (path === '/refresh') return refresh(String(body.refresh_token));
  return { status: 404, body: { error: 'not_found' } };
}

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    answer(request.url ?? '', JSON.parse(Buffer.concat(chunks).toString() || '{}'))
      .catch((error: unknown) => ({ status: 500, body: { error: String(error) } }))
      .then(({ status, body }) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      });
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  console.log(`listening ${(server.address() as { port: number }).port}`);
});
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
