import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authenticate, parse, requestMeta, type ResolveAuthService } from './request.ts';

const enrollBody = z.object({
  factor_type: z.literal('totp', { error: 'Only totp factors are supported' }),
  friendly_name: z.string().max(120).optional(),
  issuer: z.string().max(120).optional(),
});
const verifyBody = z.object({ challenge_id: z.string(), code: z.string().max(16) });
const factorParams = z.object({ id: z.string() });

/** MFA (TOTP): enrol, challenge, verify (which raises the session to aal2), unenrol. */
export function factorRoutes(app: FastifyInstance, resolve: ResolveAuthService): void {
  app.post('/factors', async (request) => {
    const service = await resolve(request);
    const claims = await authenticate(service, request);
    const body = parse(enrollBody, request.body);
    return service.enrollTotp(claims, { friendlyName: body.friendly_name, issuer: body.issuer });
  });

  app.post('/factors/:id/challenge', async (request) => {
    const service = await resolve(request);
    const claims = await authenticate(service, request);
    const { id } = parse(factorParams, request.params);
    return service.challengeFactor(claims, id, requestMeta(request));
  });

  app.post('/factors/:id/verify', async (request) => {
    const service = await resolve(request);
    const claims = await authenticate(service, request);
    const { id } = parse(factorParams, request.params);
    const body = parse(verifyBody, request.body);
    return service.verifyFactor(claims, id, { challengeId: body.challenge_id, code: body.code }, requestMeta(request));
  });

  app.delete('/factors/:id', async (request) => {
    const service = await resolve(request);
    const claims = await authenticate(service, request);
    const { id } = parse(factorParams, request.params);
    return service.unenrollFactor(claims, id);
  });
}
