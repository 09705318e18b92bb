import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LINK_TYPES } from '../../../data-plane/auth/index.ts';
import { adminService, email, flowOf, metadata, parse, password, type ResolveAuthService } from './request.ts';

// auth-js sends page/per_page as '' when the caller gave none.
const pageNumber = (fallback: number, max: number) =>
  z.preprocess((v) => (v === '' || v === undefined ? fallback : v), z.coerce.number().int().min(1).max(max));
const listQuery = z.object({
  page: pageNumber(1, 1_000_000),
  per_page: pageNumber(50, 1000),
  // GoTrue's `filter` searches emails (and here phones and ids); the rest serve the studio's table.
  filter: z.string().max(320).default(''),
  status: z.enum(['all', 'verified', 'unverified', 'anonymous']).default('all'),
  provider: z.string().max(64).default(''),
  sort: z.string().max(40).default('created_at desc'),
});
const SORT = /^(created_at|email|last_sign_in_at)(?:\s+(asc|desc))?$/;
const inviteBody = z.object({ email, data: metadata.nullish() });
const generateLinkBody = z.object({
  type: z.enum(LINK_TYPES),
  email,
  password: password.optional(),
  data: metadata.nullish(),
  new_email: email.optional(),
  redirect_to: z.string().max(2048).optional(),
  redirectTo: z.string().max(2048).optional(),
});
const factorParams = z.object({ id: z.string(), factorId: z.string() });
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

/** User administration; only a service_role key may call it (else 403 not_admin). */
export function adminRoutes(app: FastifyInstance, resolve: ResolveAuthService): void {
  app.get('/admin/users', async (request, reply) => {
    const service = await adminService(resolve, request);
    const { page, per_page: perPage, filter, status, provider, sort } = parse(listQuery, request.query);
    const [, sortColumn = 'created_at', order = 'desc'] = SORT.exec(sort.trim()) ?? [];
    const { users, total } = await service.admin.listUsers({
      page, perPage, keywords: filter, filter: status, provider,
      sort: sortColumn as 'created_at' | 'email' | 'last_sign_in_at', order: order as 'asc' | 'desc',
    });
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

  app.get('/admin/users/:id/factors', async (request) => {
    const service = await adminService(resolve, request);
    return service.admin.listFactors(parse(userParams, request.params).id);
  });

  app.delete('/admin/users/:id/factors/:factorId', async (request) => {
    const service = await adminService(resolve, request);
    const { id, factorId } = parse(factorParams, request.params);
    return service.admin.deleteFactor(id, factorId);
  });

  app.post('/invite', async (request) => {
    const service = await adminService(resolve, request);
    const body = parse(inviteBody, request.body);
    return service.admin.invite({ email: body.email, data: body.data ?? undefined, redirectTo: flowOf(request, {}).redirectTo });
  });

  app.post('/admin/generate_link', async (request) => {
    const service = await adminService(resolve, request);
    const body = parse(generateLinkBody, request.body);
    return service.admin.generateLink({
      type: body.type,
      email: body.email,
      password: body.password,
      data: body.data ?? undefined,
      newEmail: body.new_email,
      redirectTo: flowOf(request, {}).redirectTo ?? body.redirect_to ?? body.redirectTo,
    });
  });
}
