/**
 * SAML identity providers of a project (GoTrue's /admin/sso/providers): the metadata, the email
 * domains whose users sign in there, and how its attributes map onto user metadata. Stored in the
 * project's auth.sso_providers, auth.saml_providers and auth.sso_domains.
 */
import { PlinthError } from '@plinth/errors';
import type { Queryable } from '../../engines/types.ts';
import type { AuthContext } from './context.ts';
import { fetchIdpMetadata, parseIdpMetadata } from './saml-metadata.ts';
import { isUuid, toIso } from './users.ts';

/** GoTrue's attribute mapping: user metadata key -> the SAML attribute(s) it comes from. */
export interface AttributeMapping {
  keys?: Record<string, { name?: string; names?: string[]; default?: unknown; array?: boolean }>;
}

export interface SsoProvider {
  id: string;
  resource_id?: string;
  saml: {
    id: string;
    entity_id: string;
    metadata_url?: string;
    metadata_xml: string;
    attribute_mapping: AttributeMapping;
    name_id_format?: string;
  };
  domains: { id: string; domain: string; created_at: string; updated_at: string }[];
  created_at: string;
  updated_at: string;
}

export interface SsoProviderInput {
  type?: string;
  metadata_url?: string;
  metadata_xml?: string;
  domains?: string[];
  attribute_mapping?: AttributeMapping;
  name_id_format?: string;
  resource_id?: string;
}

const PROVIDER_SELECT = `
  select p.id, p.resource_id, p.created_at, p.updated_at,
         json_build_object('id', s.id, 'entity_id', s.entity_id, 'metadata_url', s.metadata_url, 'metadata_xml', s.metadata_xml,
                           'attribute_mapping', s.attribute_mapping, 'name_id_format', s.name_id_format) as saml,
         coalesce((select json_agg(json_build_object('id', d.id, 'domain', d.domain, 'created_at', d.created_at, 'updated_at', d.updated_at) order by d.domain)
                     from auth.sso_domains d where d.sso_provider_id = p.id), '[]') as domains
    from auth.sso_providers p join auth.saml_providers s on s.sso_provider_id = p.id`;

type Row = { id: string; resource_id: string | null; created_at: unknown; updated_at: unknown; saml: unknown; domains: unknown };
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

function present(row: Row): SsoProvider {
  const saml = parsed<SsoProvider['saml'] & { metadata_url: string | null; name_id_format: string | null }>(row.saml);
  const domains = parsed<SsoProvider['domains']>(row.domains);
  return {
    id: row.id,
    ...(row.resource_id ? { resource_id: row.resource_id } : {}),
    saml: {
      id: saml.id,
      entity_id: saml.entity_id,
      ...(saml.metadata_url ? { metadata_url: saml.metadata_url } : {}),
      metadata_xml: saml.metadata_xml,
      attribute_mapping: saml.attribute_mapping ?? {},
      ...(saml.name_id_format ? { name_id_format: saml.name_id_format } : {}),
    },
    domains: domains.map((d) => ({ ...d, created_at: toIso(d.created_at)!, updated_at: toIso(d.updated_at)! })),
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
}

/** SAML is a setting (and a plan feature): every SSO call answers GoTrue's error while it is off. */
export function assertSamlEnabled(ctx: AuthContext): void {
  if (!ctx.config.isSamlEnabled) throw new PlinthError('saml_provider_disabled');
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

function domainsOf(input: string[] | undefined): string[] | undefined {
  if (input === undefined) return undefined;
  const domains = [...new Set(input.map((domain) => domain.trim().toLowerCase()))];
  for (const domain of domains) if (!DOMAIN.test(domain)) throw new PlinthError('validation_failed', `Domain '${domain}' is not a valid domain name`);
  return domains;
}

/** The metadata to store: given as XML, or fetched from the URL; parsed to prove it is usable. */
async function metadataOf(input: SsoProviderInput) {
  if (input.metadata_xml && input.metadata_url) throw new PlinthError('validation_failed', 'Only one of metadata_xml or metadata_url may be set');
  const xml = input.metadata_xml ?? (input.metadata_url ? await fetchIdpMetadata(input.metadata_url) : null);
  if (!xml) return null;
  return { xml, url: input.metadata_url ?? null, parsed: parseIdpMetadata(xml) };
}

async function assertEntityIdFree(q: Queryable, entityId: string, except: string | null): Promise<void> {
  const { rows } = await q.query('select 1 from auth.saml_providers where entity_id = $1 and sso_provider_id is distinct from $2', [entityId, except]);
  if (rows.length > 0) throw new PlinthError('saml_idp_already_exists', `A SAML connection with the Identity Provider EntityID ${entityId} already exists.`);
}

async function replaceDomains(q: Queryable, providerId: string, domains: string[]): Promise<void> {
  if (domains.length > 0) {
    const { rows } = await q.query<{ domain: string; sso_provider_id: string }>(
      'select domain, sso_provider_id from auth.sso_domains where lower(domain) = any($1::text[]) and sso_provider_id <> $2',
      [domains, providerId],
    );
    if (rows[0]) throw new PlinthError('sso_domain_already_exists', `SSO Domain '${rows[0].domain}' is already assigned to an SSO identity provider (${rows[0].sso_provider_id})`);
  }
  await q.query('delete from auth.sso_domains where sso_provider_id = $1 and not (lower(domain) = any($2::text[]))', [providerId, domains]);
  await q.query(
    `insert into auth.sso_domains (sso_provider_id, domain) select $1, d from unnest($2::text[]) d
      where not exists (select 1 from auth.sso_domains x where x.sso_provider_id = $1 and lower(x.domain) = d)`,
    [providerId, domains],
  );
}

export async function listSsoProviders(ctx: AuthContext, resourceId?: string): Promise<SsoProvider[]> {
  assertSamlEnabled(ctx);
  const { rows } = await ctx.db.query<Row>(
    `${PROVIDER_SELECT} ${resourceId ? 'where lower(p.resource_id) = lower($1)' : ''} order by p.created_at, p.id`,
    resourceId ? [resourceId] : [],
  );
  return rows.map(present);
}

export async function getSsoProvider(ctx: AuthContext, id: string, q: Queryable = ctx.db): Promise<SsoProvider> {
  assertSamlEnabled(ctx);
  if (!isUuid(id)) throw new PlinthError('sso_provider_not_found');
  const { rows } = await q.query<Row>(`${PROVIDER_SELECT} where p.id = $1`, [id]);
  if (!rows[0]) throw new PlinthError('sso_provider_not_found');
  return present(rows[0]);
}

export async function createSsoProvider(ctx: AuthContext, input: SsoProviderInput): Promise<SsoProvider> {
  assertSamlEnabled(ctx);
  if (input.type !== 'saml') throw new PlinthError('validation_failed', "Only 'saml' supported for SSO type");
  const metadata = await metadataOf(input);
  if (!metadata) throw new PlinthError('validation_failed', 'Either metadata_url or metadata_xml must be set');
  const domains = domainsOf(input.domains) ?? [];
  return ctx.db.transaction(async (tx) => {
    await assertEntityIdFree(tx, metadata.parsed.entityId, null);
    const { rows } = await tx.query<{ id: string }>('insert into auth.sso_providers (resource_id) values ($1) returning id', [input.resource_id ?? null]);
    const id = rows[0].id;
    await tx.query(
      `insert into auth.saml_providers (sso_provider_id, entity_id, metadata_xml, metadata_url, attribute_mapping, name_id_format) values ($1, $2, $3, $4, $5, $6)`,
      [id, metadata.parsed.entityId, metadata.xml, metadata.url, JSON.stringify(input.attribute_mapping ?? {}), input.name_id_format ?? null],
    );
    await replaceDomains(tx, id, domains);
    return getSsoProvider(ctx, id, tx);
  });
}

export async function updateSsoProvider(ctx: AuthContext, id: string, input: SsoProviderInput): Promise<SsoProvider> {
  const current = await getSsoProvider(ctx, id);
  const metadata = await metadataOf(input);
  // A provider is its entity id: new metadata for another IdP is another provider.
  if (metadata && metadata.parsed.entityId !== current.saml.entity_id) {
    throw new PlinthError('saml_entity_id_mismatch', 'Metadata XML/URL has a different EntityID than the current provider');
  }
  const domains = domainsOf(input.domains);
  return ctx.db.transaction(async (tx) => {
    await tx.query(
      `update auth.saml_providers set metadata_xml = coalesce($2, metadata_xml), metadata_url = case when $2::text is null then metadata_url else $3 end,
          attribute_mapping = coalesce($4::jsonb, attribute_mapping), name_id_format = coalesce($5, name_id_format), updated_at = now()
        where sso_provider_id = $1`,
      [id, metadata?.xml ?? null, metadata?.url ?? null, input.attribute_mapping ? JSON.stringify(input.attribute_mapping) : null, input.name_id_format ?? null],
    );
    if (domains) await replaceDomains(tx, id, domains);
    await tx.query('update auth.sso_providers set updated_at = now() where id = $1', [id]);
    return getSsoProvider(ctx, id, tx);
  });
}

/** Deletes the provider and its domains; its users stay (they can no longer sign in through it). */
export async function deleteSsoProvider(ctx: AuthContext, id: string): Promise<SsoProvider> {
  const current = await getSsoProvider(ctx, id);
  await ctx.db.query('delete from auth.sso_providers where id = $1', [id]);
  return current;
}
