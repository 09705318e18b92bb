import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { attributeMappingSchema } from '@plinth/api-contract';
import { codeChallengeOf } from '../../../data-plane/auth/index.ts';
import { landingUrl } from './redirects.ts';
import { adminService, parse, requestMeta, type ResolveAuthService } from './request.ts';

const text = z.string().max(2048);
const ssoBody = z.object({
  provider_id: z.string().max(64).optional(),
  domain: z.string().max(253).optional(),
  redirect_to: text.nullish(),
  skip_http_redirect: z.boolean().optional(),
  code_challenge: z.string().max(200).nullish(),
  code_challenge_method: z.string().max(10).nullish(),
});
// A signed Response with its certificates is tens of kilobytes; 1 MB leaves room and no more.
const acsForm = z.object({ SAMLResponse: z.string().max(1_000_000).optional(), RelayState: z.string().max(200).optional() });
const metadataQuery = z.object({ download: z.string().max(5).optional() });
const providerBody = z.object({
  type: z.string().max(16).optional(),
  metadata_url: text.optional(),
  metadata_xml: z.string().max(1_000_000).optional(),
  domains: z.array(z.string().max(253)).max(100).optional(),
  attribute_mapping: attributeMappingSchema.optional(),
  name_id_format: z.string().max(256).optional(),
  resource_id: z.string().max(256).optional(),
});
const providerParams = z.object({ id: z.string().max(64) });
const listQuery = z.object({ resource_id: z.string().max(256).optional() });

/**
 * SAML 2.0 single sign-on: /sso starts it (auth-js signInWithSSO), the IdP posts back to
 * /sso/saml/acs, /sso/saml/metadata describes this service provider; service_role manages the
 * identity providers at /admin/sso/providers.
 */
export function ssoRoutes(app: FastifyInstance, resolve: ResolveAuthService): void {
  app.post('/sso', async (request, reply: FastifyReply) => {
    const service = await resolve(request);
    const body = parse(ssoBody, request.body);
    const url = await service.ssoUrl({ providerId: body.provider_id, domain: body.domain, redirectTo: body.redirect_to, pkce: codeChallengeOf(body) });
    return body.skip_http_redirect ? { url } : reply.redirect(url, 303);
  });

  app.get('/sso/saml/metadata', async (request, reply: FastifyReply) => {
    const service = await resolve(request);
    const { download } = parse(metadataQuery, request.query);
    const xml = service.samlMetadata();
    reply.type('application/xml');
    if (download === 'true') reply.header('content-disposition', 'attachment; filename="metadata.xml"');
    return xml;
  });

  // The IdP's HTTP-POST binding: a browser form, so always a redirect on to the app.
  app.post('/sso/saml/acs', async (request, reply: FastifyReply) => {
    const service = await resolve(request);
    const form = parse(acsForm, request.body);
    return reply.redirect(landingUrl(await service.samlResponse(form, requestMeta(request))), 303);
  });

  app.get('/admin/sso/providers', async (request) => {
    const service = await adminService(resolve, request);
    return { items: await service.admin.listSsoProviders(parse(listQuery, request.query).resource_id) };
  });

  app.post('/admin/sso/providers', async (request, reply: FastifyReply) => {
    const service = await adminService(resolve, request);
    return reply.code(201).send(await service.admin.createSsoProvider(parse(providerBody, request.body)));
  });

  app.get('/admin/sso/providers/:id', async (request) => {
    const service = await adminService(resolve, request);
    return service.admin.getSsoProvider(parse(providerParams, request.params).id);
  });

  app.put('/admin/sso/providers/:id', async (request) => {
    const service = await adminService(resolve, request);
    return service.admin.updateSsoProvider(parse(providerParams, request.params).id, parse(providerBody, request.body));
  });

  app.delete('/admin/sso/providers/:id', async (request) => {
    const service = await adminService(resolve, request);
    return service.admin.deleteSsoProvider(parse(providerParams, request.params).id);
  });
}
