// Auth: password sign-ins and refresh-token grants per second through /p/{ref}/auth/v1 on one project
// (local engine), each beside a bare Node handler doing the same work, and what verifying a user's
// token costs the gateway with the legacy HS256 secret and with an ES256 signing key.
//
// - The platform and the bare handler each run as their own process; the load comes from a worker
//   thread of this one (closed loop, keep-alive, loopback). How it counts: bench/support/auth-load.ts.
// - Sides alternate which goes first each round; a ratio is the median of the per-round ratios.
//   Beside requests/s, the CPU time per request of the side's server (its Node process, and the
//   project's Postgres processes where it uses them): steadier than requests/s on a shared machine.
// - Sign-in: POST /token?grant_type=password vs a bare handler running the platform's own
//   verifyPassword (data-plane/auth/password.ts) on the same stored hash, and nothing else.
// - Refresh: POST /token?grant_type=refresh_token (a transaction of 6 statements, the token signed)
//   vs a bare handler rotating the token in one SQL statement on the same project database (its
//   own pool of 5, as the platform's) and signing an HS256 token with jose.
// - Gateway: GET /rest/v1/bench_items?id=eq.1 with one user token (the gateway remembers verified
//   tokens, so this is the cost an app pays), and cycling 1,200 distinct tokens, more than the 1,000
//   it remembers, so that every request verifies a signature. Then jose's jwtVerify in this process,
//   the keys in the gateway's forms (the secret as a Uint8Array, the ES256 public key as a KeyObject).
//
// ROUNDS (3), SIGNIN_SECONDS (3), REFRESH_SECONDS (2.5), REST_SECONDS (2), JOSE_SECONDS (1) per side
// and round; SIGNIN_CONNECTIONS (6), CONNECTIONS (10); AUTH_BENCH_USERS (200).
import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { decodeProtectedHeader, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { hashPassword } from '../apps/platform/src/data-plane/auth/password.ts';
import { cpuMeter } from './support/auth-cpu.ts';
import { runLoad, type LoadRequest } from './support/auth-load.ts';
import {
  createItemsTable, createUsers, makeEs256Current, patchAuthConfig, startAuthBench, startBare, userEmail, vacuumAuthTables, type AuthBench, type BareProcess,
} from './support/auth-project.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SIGNIN_SECONDS = Number(process.env.SIGNIN_SECONDS ?? 3);
const REFRESH_SECONDS = Number(process.env.REFRESH_SECONDS ?? 2.5);
const REST_SECONDS = Number(process.env.REST_SECONDS ?? 2);
const JOSE_SECONDS = Number(process.env.JOSE_SECONDS ?? 1);
const SIGNIN_CONNECTIONS = Number(process.env.SIGNIN_CONNECTIONS ?? 6);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const USERS = Number(process.env.AUTH_BENCH_USERS ?? 200);
/** The password grant's limit per IP and email (data-plane/auth/rate-limit.ts DEFAULT_RATE_LIMIT). */
const SIGNINS_PER_EMAIL = 10;
/** rate_limit_token_refresh's highest value (per IP and hour); the default, 1800, is spent in seconds. */
const REFRESH_LIMIT = 100_000;
/** More than the gateway remembers (data-plane/gateway/tokens.ts CACHE_LIMIT, 1000). */
const DISTINCT_TOKENS = 1200;
const PASSWORD = 'bench-password-1';

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
};

interface Side {
  label: string;
  /** Whose CPU time the side's requests cost: its server's process(es). */
  pids(): number[];
  /** Requests per second over `ms` after `settleMs` of unmeasured load, and how many were sent in all. */
  run(ms: number, settleMs: number): Promise<{ rate: number; issued: number }>;
}

interface Pair {
  title: string;
  a: Side;
  b: Side;
  /** Per round: requests/s, and CPU ms per request over the whole run (settle and drain included). */
  aRates: number[];
  bRates: number[];
  aCpu: number[];
  bCpu: number[];
}

/** A warm-up of each side, then ROUNDS rounds with the side that goes first alternating. */
async function measurePair(title: string, a: Side, b: Side, seconds: number): Promise<Pair> {
  const settleMs = Math.max(300, seconds * 200);
  await a.run(1000, 0);
  await b.run(1000, 0);
  const pair: Pair = { title, a, b, aRates: [], bRates: [], aCpu: [], bCpu: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 === 0 ? [a, b] : [b, a]) {
      const cpu = cpuMeter(() => side.pids());
      const { rate, issued } = await side.run(seconds * 1000, settleMs);
      const cpuPerRequest = cpu() / issued;
      (side === a ? pair.aRates : pair.bRates).push(rate);
      (side === a ? pair.aCpu : pair.bCpu).push(cpuPerRequest);
      console.log(`  ${title} round ${round + 1} ${side.label.padEnd(48)} ${rate.toFixed(1).padStart(8)} /s  ${cpuPerRequest.toFixed(3).padStart(8)} ms CPU each`);
    }
  }
  return pair;
}

const range = (xs: number[], digits = 1) => `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)})`;
const ratiosOf = (pair: Pair) => pair.aRates.map((rate, i) => rate / pair.bRates[i]);

function printPair(pair: Pair, ratioLabel: string, cpuOf: string): void {
  console.log(`\n${pair.title}: ${ROUNDS} rounds, median (range)`);
  console.log(`  ${''.padEnd(52)} ${'per second'.padEnd(26)} CPU ms per request (${cpuOf})`);
  console.log(`  ${pair.a.label.padEnd(52)} ${range(pair.aRates).padEnd(26)} ${range(pair.aCpu, 3)}`);
  console.log(`  ${pair.b.label.padEnd(52)} ${range(pair.bRates).padEnd(26)} ${range(pair.bCpu, 3)}`);
  const ratios = ratiosOf(pair).map((r) => r * 100);
  const cpuRatios = pair.aCpu.map((cpu, i) => cpu / pair.bCpu[i]);
  console.log(`  ${ratioLabel.padEnd(52)} ${`${range(ratios, 0)} %`.padEnd(26)} x ${range(cpuRatios, 2)}`);
}

// ---- the sides ----

/** Sign-ins spread over the users in turn (each at most SIGNINS_PER_EMAIL in the run); sessions kept for the refresh chains. */
function signInSides(bench: AuthBench, bare: BareProcess, sessions: string[]) {
  const body = (i: number) => JSON.stringify({ email: userEmail(i), password: PASSWORD });
  const platformRequests: LoadRequest[] = Array.from({ length: USERS }, (_, i) => ({
    method: 'POST', url: `${bench.projectUrl}/auth/v1/token?grant_type=password`, headers: apiHeaders(bench), body: body(i),
  }));
  const bareRequests: LoadRequest[] = Array.from({ length: USERS }, (_, i) => ({ method: 'POST', url: `${bare.url}/signin`, headers: {}, body: body(i) }));
  const budget = { issued: 0 };
  const platformLoad = async (ms: number, settleMs: number, maxRequests?: number) => {
    const result = await runLoad({
      kind: 'cycle', requests: platformRequests, start: budget.issued, connections: SIGNIN_CONNECTIONS, ms, settleMs, maxRequests, collectField: 'refresh_token',
    });
    budget.issued += result.issued;
    sessions.push(...result.collected);
    return result;
  };
  const platform: Side = { label: 'platform POST /token?grant_type=password', pids: bench.platformPids, run: (ms, settleMs) => platformLoad(ms, settleMs) };
  const bareSide: Side = {
    label: 'bare node:http + verifyPassword',
    pids: () => [bare.pid],
    run: (ms, settleMs) => runLoad({ kind: 'cycle', requests: bareRequests, start: 0, connections: SIGNIN_CONNECTIONS, ms, settleMs }),
  };
  /** More sessions when the timed sign-ins left too few for the refresh chains. */
  const topUp = async (count: number) => { if (count > 0) await platformLoad(600_000, 0, count); };
  return { platform, bare: bareSide, budget, topUp };
}

function apiHeaders(bench: AuthBench): Record<string, string> {
  return { apikey: bench.anonKey, authorization: `Bearer ${bench.anonKey}` };
}

/** One refresh chain per connection; each side carries its own chains on from round to round. */
function refreshSide(label: string, url: string, headers: Record<string, string>, chains: string[], pids: () => number[]): Side {
  return {
    label,
    pids,
    async run(ms, settleMs) {
      const result = await runLoad({ kind: 'refresh', url, headers, tokens: chains, connections: chains.length, ms, settleMs });
      chains.splice(0, chains.length, ...result.tokens);
      return result;
    },
  };
}

/** GET requests cycled in order, on from where the previous run stopped (so a cycle of distinct tokens keeps missing). */
function restSide(label: string, url: string, tokens: string[], bench: AuthBench): Side {
  const requests: LoadRequest[] = tokens.map((token) => ({ method: 'GET', url, headers: { apikey: bench.anonKey, authorization: `Bearer ${token}` } }));
  let next = 0;
  return {
    label,
    pids: bench.platformPids,
    async run(ms, settleMs) {
      const result = await runLoad({ kind: 'cycle', requests, start: next, connections: CONNECTIONS, ms, settleMs });
      next += result.issued;
      return result;
    },
  };
}

/** jwtVerify of one real token in a loop in this process, with the key in the form the gateway holds it. */
function joseSide(label: string, token: string, key: KeyObject | Uint8Array): Side {
  return {
    label,
    pids: () => [process.pid],
    async run(ms, settleMs) {
      let issued = 0;
      const settleEnd = performance.now() + settleMs;
      for (; performance.now() < settleEnd; issued++) await jwtVerify(token, key);
      let count = 0;
      const start = performance.now();
      for (; performance.now() - start < ms; count++) await jwtVerify(token, key);
      return { rate: count / ((performance.now() - start) / 1000), issued: issued + count };
    },
  };
}

// ---- tokens ----

async function grant(bench: AuthBench, refreshToken: string): Promise<{ access_token: string; refresh_token: string }> {
  const response = await fetch(`${bench.projectUrl}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST', headers: { ...apiHeaders(bench), 'content-type': 'application/json' }, body: JSON.stringify({ refresh_token: refreshToken }),
  });
  if (response.status !== 200) throw new Error(`a refresh answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<{ access_token: string; refresh_token: string }>;
}

/**
 * Distinct HS256 user tokens: an issued token's claims with iat moved back a second each, signed
 * with the project's secret as the auth service signs (jose, same header). Identical claims in the
 * same second would give identical HS256 tokens, which the gateway would remember.
 */
async function distinctHs256Tokens(token: string, secret: string): Promise<string[]> {
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as JWTPayload & { iat: number };
  const key = new TextEncoder().encode(secret);
  return Promise.all(Array.from({ length: DISTINCT_TOKENS }, (_, i) =>
    new SignJWT({ ...claims, iat: claims.iat - i }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key)));
}

/** Distinct ES256 user tokens from refresh grants (ECDSA signatures are randomised: no two alike). */
async function distinctEs256Tokens(bench: AuthBench, chains: string[]): Promise<string[]> {
  // The rotation reaches the auth service with the project's next resolution: wait for its first ES256 token.
  for (let attempt = 0; ; attempt++) {
    const answer = await grant(bench, chains[0]);
    chains[0] = answer.refresh_token;
    if (decodeProtectedHeader(answer.access_token).alg === 'ES256') break;
    if (attempt === 50) throw new Error('refresh grants still answer HS256 tokens after the ES256 key was made current');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const result = await runLoad({
    kind: 'refresh', url: `${bench.projectUrl}/auth/v1/token?grant_type=refresh_token`, headers: apiHeaders(bench), tokens: chains,
    connections: chains.length, ms: 600_000, settleMs: 0, maxRequests: DISTINCT_TOKENS, collectField: 'access_token', collect: DISTINCT_TOKENS,
  });
  chains.splice(0, chains.length, ...result.tokens);
  const tokens = result.collected;
  if (new Set(tokens).size !== DISTINCT_TOKENS) throw new Error(`expected ${DISTINCT_TOKENS} distinct ES256 tokens, got ${new Set(tokens).size}`);
  if (tokens.some((token) => decodeProtectedHeader(token).alg !== 'ES256')) throw new Error('a token after the rotation was not ES256');
  return tokens;
}

/** Every measurement in turn, then the report. */
async function measureAll(bench: AuthBench, bare: BareProcess, restUrl: string): Promise<void> {
  // Sign-ins (HS256 tokens: the legacy secret signs until the ES256 key is made current below).
  const sessions: string[] = [];
  const signIn = signInSides(bench, bare, sessions);
  const signIns = await measurePair('sign-in', signIn.platform, signIn.bare, SIGNIN_SECONDS);
  await signIn.topUp(2 * CONNECTIONS - sessions.length);
  const perUser = Math.ceil(signIn.budget.issued / USERS);

  // Refresh grants, each side on its own sessions' chains.
  await vacuumAuthTables(bench);
  const platformChains = sessions.splice(0, CONNECTIONS);
  const bareChains = sessions.splice(0, CONNECTIONS);
  const refreshes = await measurePair(
    'refresh',
    refreshSide('platform POST /token?grant_type=refresh_token', `${bench.projectUrl}/auth/v1/token?grant_type=refresh_token`, apiHeaders(bench), platformChains, bench.platformPids),
    refreshSide('bare node:http + 1 SQL statement + HS256 sign', `${bare.url}/refresh`, {}, bareChains, () => [bare.pid, ...bench.postgresPids()]),
    REFRESH_SECONDS,
  );

  // User tokens of both kinds; HS256 ones keep verifying after the rotation (previously used key).
  const hsAnswer = await grant(bench, platformChains[0]);
  platformChains[0] = hsAnswer.refresh_token;
  const hsToken = hsAnswer.access_token;
  const hsTokens = await distinctHs256Tokens(hsToken, bench.jwtSecret);
  const publicJwk = await makeEs256Current(bench);
  const esTokens = await distinctEs256Tokens(bench, platformChains);
  const esToken = esTokens[0];
  await vacuumAuthTables(bench);

  const cached = await measurePair('REST, one user token (remembered)',
    restSide('GET /rest/v1 pk read, ES256 user token', restUrl, [esToken], bench),
    restSide('GET /rest/v1 pk read, HS256 user token', restUrl, [hsToken], bench), REST_SECONDS);
  const uncached = await measurePair(`REST, ${DISTINCT_TOKENS} distinct tokens (each verified)`,
    restSide('GET /rest/v1 pk read, ES256 tokens', restUrl, esTokens, bench),
    restSide('GET /rest/v1 pk read, HS256 tokens', restUrl, hsTokens, bench), REST_SECONDS);
  const jose = await measurePair('jose jwtVerify in-process',
    joseSide('jwtVerify ES256 (P-256 KeyObject)', esToken, createPublicKey({ key: publicJwk as JsonWebKey, format: 'jwk' })),
    joseSide('jwtVerify HS256 (secret as Uint8Array)', hsToken, new TextEncoder().encode(bench.jwtSecret)), JOSE_SECONDS);

  // ---- report ----
  printPair(signIns, 'platform / bare', 'server process; the platform\'s with Postgres');
  console.log(`  ${signIn.budget.issued} platform sign-ins in all, at most ${perUser} per user (limit ${SIGNINS_PER_EMAIL} per 5 minutes): none refused`);
  printPair(refreshes, 'platform / bare', 'server process + project Postgres');
  printPair(cached, 'ES256 / HS256', 'platform + project Postgres');
  printPair(uncached, 'ES256 / HS256', 'platform + project Postgres');
  const extraUs = uncached.aCpu.map((es, i) => (es - uncached.bCpu[i]) * 1000);
  console.log(`  ES256 over HS256, CPU per request: ${range(extraUs, 0)} µs`);
  printPair(jose, 'ES256 / HS256', 'this process');
  console.log(`  per verification (1/rate): ES256 ${(1e6 / median(jose.aRates)).toFixed(1)} µs, HS256 ${(1e6 / median(jose.bRates)).toFixed(1)} µs`);
}

// ---- run ----

const started = performance.now();
const root = await mkdtemp(path.join(os.tmpdir(), 'plinth-bench-auth-'));
// The data directory inside must be reachable by the clusters' OS user (plinth-postgres under root).
await chmod(root, 0o711);
let bench: AuthBench | null = null;
let bare: BareProcess | null = null;
try {
  const hash = await hashPassword(PASSWORD);
  const [, n, r, p, , key] = hash.split('$');
  const cpus = os.cpus();
  console.log(`machine: ${cpus.length} cores (${cpus[0]?.model.trim()}), load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, libuv pool ${process.env.UV_THREADPOOL_SIZE ?? 4} threads per process`);
  console.log(`password hash (data-plane/auth/password.ts): scrypt N=${n} (2^${Math.log2(Number(n))}), r=${r}, p=${p}, key length ${Buffer.from(key, 'base64').length} bytes, `
    + `${(128 * Number(n) * Number(r)) / 1024 / 1024} MiB per hash, 16-byte salt`);

  bench = await startAuthBench(path.join(root, 'data'));
  await patchAuthConfig(bench, { rate_limit_token_refresh: REFRESH_LIMIT });
  await createUsers(bench, USERS, hash);
  const restUrl = await createItemsTable(bench);
  bare = await startBare(bench, hash);
  console.log(`platform ${bench.child.url}, project ${bench.ref}; bare handler ${bare.url} (pid ${bare.pid}); set up in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  console.log(`rate limits: sign-ins spread over ${USERS} users created by the admin API (the password grant allows ${SIGNINS_PER_EMAIL} per IP and email in 5 minutes); `
    + `rate_limit_token_refresh raised from 1800 to ${REFRESH_LIMIT} per hour by PATCH /api/platform/projects/{ref}/config/auth\n`);

  await measureAll(bench, bare, restUrl);
} finally {
  await bare?.stop();
  await bench?.child.stop('SIGTERM');
  await rm(root, { recursive: true, force: true });
}
console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(0)} s`);
