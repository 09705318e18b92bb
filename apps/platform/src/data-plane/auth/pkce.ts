/**
 * PKCE (RFC 7636), the flow `@supabase/ssr` uses: a flow that starts with a code challenge ends,
 * not with tokens in a URL, but with a one-time auth code the client exchanges together with its
 * code verifier (`POST /token?grant_type=pkce`). The code lives 5 minutes once issued.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { PlinthError } from '@plinth/errors';
import type { Queryable } from '../../engines/types.ts';
import type { AuthContext, RequestMeta, Session } from './context.ts';
import { startSession } from './sessions.ts';

export interface CodeChallenge {
  challenge: string;
  method: 's256' | 'plain';
}

const AUTH_CODE_TTL_SECONDS = 300;

/** The challenge of a request body, when it has one; a half-given challenge is an error. */
export function codeChallengeOf(body: { code_challenge?: string | null; code_challenge_method?: string | null }): CodeChallenge | null {
  const challenge = body.code_challenge ?? '';
  const method = (body.code_challenge_method ?? '').toLowerCase();
  if (challenge === '' && method === '') return null;
  if (challenge === '' || !['s256', 'plain'].includes(method)) {
    throw new PlinthError('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  if (challenge.length < 43 || challenge.length > 128) throw new PlinthError('validation_failed', 'code challenge has to be between 43 and 128 characters');
  return { challenge, method: method as CodeChallenge['method'] };
}

export async function createFlowState(q: Queryable, pkce: CodeChallenge, input: { userId: string | null; provider: string; method: string }): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `insert into auth.flow_state (user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [input.userId, randomUUID(), pkce.method, pkce.challenge, input.provider, input.method],
  );
  return rows[0].id;
}

/**
 * Marks the flow as done for `userId` and returns the auth code to hand to the client; an external
 * provider's tokens wait with it for the exchange.
 */
export async function issueAuthCode(q: Queryable, flowStateId: string, userId: string, providerTokens?: { accessToken: string; refreshToken: string | null }): Promise<string> {
  const { rows } = await q.query<{ auth_code: string }>(
    `update auth.flow_state set user_id = $2, auth_code_issued_at = now(), updated_at = now(), provider_access_token = $3, provider_refresh_token = $4
      where id = $1 returning auth_code`,
    [flowStateId, userId, providerTokens?.accessToken ?? null, providerTokens?.refreshToken ?? null],
  );
  if (!rows[0]) throw new PlinthError('flow_state_not_found');
  return rows[0].auth_code;
}

function matches(pkce: CodeChallenge, verifier: string): boolean {
  const expected = pkce.method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  const a = Buffer.from(expected);
  const b = Buffer.from(pkce.challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** POST /token?grant_type=pkce: the code and its verifier for a session; the code works once. */
export async function exchangeAuthCode(ctx: AuthContext, input: { authCode: string; codeVerifier: string }, meta: RequestMeta): Promise<Session> {
  if (input.authCode === '' || input.codeVerifier === '') throw new PlinthError('validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      user_id: string | null; code_challenge: string; code_challenge_method: CodeChallenge['method']; authentication_method: string; age: number | null;
      provider_access_token: string | null; provider_refresh_token: string | null;
    }>(
      `delete from auth.flow_state where auth_code = $1
       returning user_id, code_challenge, code_challenge_method, authentication_method, provider_access_token, provider_refresh_token,
                 extract(epoch from now() - auth_code_issued_at)::float8 as age`,
      [input.authCode],
    );
    const flow = rows[0];
    if (!flow || !flow.user_id || flow.age === null) throw new PlinthError('flow_state_not_found');
    if (Number(flow.age) > AUTH_CODE_TTL_SECONDS) throw new PlinthError('flow_state_expired');
    if (!matches({ challenge: flow.code_challenge, method: flow.code_challenge_method }, input.codeVerifier)) throw new PlinthError('bad_code_verifier');
    const session = await startSession(ctx, tx, flow.user_id, flow.authentication_method, meta);
    return {
      ...session,
      ...(flow.provider_access_token ? { provider_token: flow.provider_access_token } : {}),
      ...(flow.provider_refresh_token ? { provider_refresh_token: flow.provider_refresh_token } : {}),
    };
  });
}
