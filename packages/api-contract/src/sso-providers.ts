import { z } from 'zod';
import { refSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';

/**
 * A project's SAML 2.0 identity providers, in the Supabase Management API's shapes
 * (`/v1/projects/{ref}/config/auth/sso/providers`, the same as GoTrue's /admin/sso/providers).
 * Users whose email domain is one of a provider's `domains` sign in there with signInWithSSO().
 * The project's service-provider side is at `/p/{ref}/auth/v1/sso/saml/metadata` (entity id) and
 * `/p/{ref}/auth/v1/sso/saml/acs` (where the IdP posts its Response).
 */
export const attributeMappingSchema = z.object({
  keys: z.record(z.string().max(128), z.object({
    name: z.string().max(512).optional(),
    names: z.array(z.string().max(512)).max(20).optional(),
    default: z.unknown().optional(),
    array: z.boolean().optional(),
  })).optional(),
});

export const ssoProviderSchema = z.object({
  id: z.string(),
  resource_id: z.string().optional(),
  saml: z.object({
    id: z.string(),
    entity_id: z.string(),
    metadata_url: z.string().optional(),
    metadata_xml: z.string(),
    attribute_mapping: attributeMappingSchema,
    name_id_format: z.string().optional(),
  }),
  domains: z.array(z.object({ id: z.string(), domain: z.string(), created_at: z.string(), updated_at: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SsoProvider = z.infer<typeof ssoProviderSchema>;

const providerFields = {
  metadata_url: z.string().max(2048).optional(),
  metadata_xml: z.string().max(1_000_000).optional(),
  domains: z.array(z.string().max(253)).max(100).optional(),
  attribute_mapping: attributeMappingSchema.optional(),
  name_id_format: z.string().max(256).optional(),
};
export const ssoProviderCreateBody = z.object({ type: z.literal('saml', "Only 'saml' supported for SSO type"), ...providerFields, resource_id: z.string().max(256).optional() }).strict();
export type SsoProviderCreate = z.infer<typeof ssoProviderCreateBody>;
export const ssoProviderUpdateBody = z.object(providerFields).strict();
export type SsoProviderUpdate = z.infer<typeof ssoProviderUpdateBody>;

/** The service-provider facts an IdP administrator needs, with the providers (studio only). */
export const ssoProvidersSchema = z.object({
  items: z.array(ssoProviderSchema),
});

const refParams = z.object({ ref: refSchema });
const providerParams = z.object({ ref: refSchema, id: z.string().max(64) });
const PATH = '/projects/:ref/config/auth/sso/providers';

export const ssoProviderEndpoints = {
  ssoProviders: endpoint({ method: 'GET', path: PATH, summary: "The project's SAML identity providers", params: refParams, response: ssoProvidersSchema }),
  ssoProviderCreate: endpoint({
    method: 'POST', path: PATH, summary: 'Add a SAML identity provider (Owner and Administrator)', params: refParams, body: ssoProviderCreateBody, response: ssoProviderSchema,
  }),
  ssoProviderUpdate: endpoint({
    method: 'PUT', path: `${PATH}/:id`, summary: 'Change a SAML identity provider (Owner and Administrator)', params: providerParams, body: ssoProviderUpdateBody, response: ssoProviderSchema,
  }),
  ssoProviderDelete: endpoint({
    method: 'DELETE', path: `${PATH}/:id`, summary: 'Remove a SAML identity provider (Owner and Administrator)', params: providerParams, response: ssoProviderSchema,
  }),
  v1SsoProviders: endpoint({ method: 'GET', path: PATH, scope: 'auth:read', summary: "The project's SAML identity providers", params: refParams, response: ssoProvidersSchema }),
  v1SsoProvider: endpoint({ method: 'GET', path: `${PATH}/:id`, scope: 'auth:read', summary: 'A SAML identity provider', params: providerParams, response: ssoProviderSchema }),
  v1SsoProviderCreate: endpoint({
    method: 'POST', path: PATH, scope: 'auth:write', summary: 'Add a SAML identity provider', params: refParams, body: ssoProviderCreateBody, response: ssoProviderSchema,
  }),
  v1SsoProviderUpdate: endpoint({
    method: 'PUT', path: `${PATH}/:id`, scope: 'auth:write', summary: 'Change a SAML identity provider', params: providerParams, body: ssoProviderUpdateBody, response: ssoProviderSchema,
  }),
  v1SsoProviderDelete: endpoint({
    method: 'DELETE', path: `${PATH}/:id`, scope: 'auth:write', summary: 'Remove a SAML identity provider', params: providerParams, response: ssoProviderSchema,
  }),
} as const satisfies Record<string, Endpoint>;
