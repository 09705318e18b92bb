import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PlinthError } from '@plinth/errors';
import type { AccessTokenClaims, AuthService, FlowRequest, RequestMeta } from '../../../data-plane/auth/index.ts';
import { codeChallengeOf } from '../../../data-plane/auth/index.ts';
import { assertNoNul } from '../../input-guard.ts';

/** Returns the AuthService for this request: the platform's, or the addressed project's. */
export type ResolveAuthService = (request: FastifyRequest) => Promise<AuthService> | AuthService;

/** Validates a body, query or params with zod; a failure is a 400 naming the field (text_contains_nul for a U+0000, else validation_failed). */
export function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  assertNoNul(value);
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  throw new PlinthError('validation_failed', `${where}${issue.message}`);
}

export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) throw new PlinthError('not_authenticated', 'This endpoint requires a Bearer token');
  return match[1];
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : undefined };
}

/** The request's auth service, once its Bearer token is shown to be the service role (else 403 not_admin). */
export async function adminService(resolve: ResolveAuthService, request: FastifyRequest): Promise<AuthService> {
  const service = await resolve(request);
  await service.admin.assertServiceRole(bearerToken(request));
  return service;
}

/** The caller's verified claims: signature, expiry and a still-live session. */
export async function authenticate(service: AuthService, request: FastifyRequest): Promise<AccessTokenClaims> {
  return service.verifyAccessToken(bearerToken(request));
}

export const metadata = z.record(z.string(), z.unknown());
/** Upper bound so a huge password cannot make scrypt a denial-of-service lever. */
export const password = z.string().max(1024);
export const email = z.string().max(320);

/**
 * Where a flow ends, as auth-js asks: `redirect_to` in the query (its emailRedirectTo / redirectTo),
 * and a PKCE challenge in the body. The domain checks the redirect against the allow-list.
 */
export function flowOf(request: FastifyRequest, body: { code_challenge?: string | null; code_challenge_method?: string | null }): FlowRequest {
  const redirect = (request.query as { redirect_to?: unknown } | undefined)?.redirect_to;
  return { redirectTo: typeof redirect === 'string' && redirect !== '' ? redirect : null, pkce: codeChallengeOf(body) };
}
