import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authenticate, email, flowOf, metadata, parse, password, type ResolveAuthService } from './request.ts';

const updateUserBody = z.object({
  email: email.optional(),
  password: password.optional(),
  data: metadata.optional(),
  nonce: z.string().max(64).optional(),
  code_challenge: z.string().max(200).nullish(),
  code_challenge_method: z.string().max(10).nullish(),
});

/** The signed-in user's own record. */
export function userRoutes(app: FastifyInstance, resolve: ResolveAuthService): void {
  app.get('/user', async (request) => {
    const service = await resolve(request);
    const claims = await authenticate(service, request);
    return service.currentUser(claims);
  });

  app.put('/user', async (request) => {
    const service = await resolve(request);
    const claims = await authenticate(service, request);
    const body = parse(updateUserBody, request.body);
    return service.updateUser(claims, { email: body.email, password: body.password, data: body.data, nonce: body.nonce, ...flowOf(request, body) });
  });
}
