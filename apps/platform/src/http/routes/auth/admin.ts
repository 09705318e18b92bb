import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthService } from '../../../data-plane/auth/index.ts';
import { bearerToken, email, metadata, parse, password, type ResolveAuthService } from './request.ts';

// auth-js sends page/per_page as '' when the caller gave none.
const pageNumber = (fallback: number, max: number) =>
  z.preprocess((v) => (v === '' || v === undefined ? fallback : v), z.coerce.number().int().min(1).max(max));
const listQuery = z.object({ page: pageNumber(1, 1_000_000), per_page: pageNumber(50, 1000) });
const userAttributes = z.object({
  email: email.optional(),
  password: password.optional(),
  email_confirm: z.boolean().optional(),
  user_metadata: metadata.optional(),
  app_metadata: metadata.optional(),
  role: z.string().max(63).optional(),
  ban_duration: z.string().max(32).optional(),
});
const userParams = z.object({ id: z.string() });

async function adminService(resolve: ResolveAuthService, request: FastifyRequest): Promise<AuthService> {
  const service = await resolve(request);
  await service.admin.assertServiceRole(bearerToken(request));
  return service;
}

/** User administration; only a service_role key may call it (else 403 not_admin). */
export function adminRoutes(app: FastifyInstance, resolve: ResolveAuthService): void {
  app.get('/admin/users', async (request, reply) => {
    const service = await adminService(resolve, request);
    const { page, per_page: perPage } = parse(listQuery, request.query);
    const { users, total } = await service.admin.listUsers(page, perPage);
    // page comes first in each link: auth-js reads the number right after the first '='.
    const path = request.url.split('?')[0];
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const links = [];
    if (page < lastPage) links.push(`<${path}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`<${path}?page=${lastPage}&per_page=${perPage}>; rel="last"`);
    reply.header('X-Total-Count', String(total)).header('Link', links.join(', '));
    return { users, aud: 'authenticated' };
  });

  app.post('/admin/users', async (request) => {
    const service = await adminService(resolve, request);
    return service.admin.createUser(parse(userAttributes, request.body));
  });

  app.get('/admin/users/:id', async (request) => {
    const service = await adminService(resolve, request);
    return service.admin.getUser(parse(userParams, request.params).id);
  });

  app.put('/admin/users/:id', async (request) => {
    const service = await adminService(resolve, request);
    const { id } = parse(userParams, request.params);
    return service.admin.updateUser(id, parse(userAttributes, request.body));
  });

  app.delete('/admin/users/:id', async (request) => {
    const service = await adminService(resolve, request);
    return service.admin.deleteUser(parse(userParams, request.params).id);
  });
}
