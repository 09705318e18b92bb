/**
 * SAML 2.0 single sign-on (signInWithSSO), service-provider initiated as GoTrue does it. POST /sso
 * finds the identity provider by email domain or id and sends the browser there with an
 * AuthnRequest (HTTP-Redirect binding); the IdP posts its signed Response to /sso/saml/acs with the
 * RelayState, which names a row of auth.saml_relay_states (the request id the Response must answer,
 * where to land, the PKCE flow). node-saml checks signatures, audience, times and InResponseTo; the
 * relay row is consumed on first use, so a Response is accepted once, on whichever node gets it.
 */
import { randomUUID } from 'node:crypto';
import { generateServiceProviderMetadata, SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { PlinthError } from '@plinth/errors';
import type { AuthContext, RequestMeta, Session } from './context.ts';
import { signInWithSsoIdentity, type SignedInIdentity } from './identities.ts';
import type { ProviderClaims } from './oauth-providers.ts';
import { createFlowState, issueAuthCode, type CodeChallenge } from './pkce.ts';
import { redirectTarget } from './redirects.ts';
import { parseIdpMetadata, type IdpMetadata } from './saml-metadata.ts';
import { startSession } from './sessions.ts';
import { assertSamlEnabled, type AttributeMapping } from './sso-providers.ts';
import { isUuid, toIso } from './users.ts';

const AMR_METHOD = 'sso/saml';
/** How long the browser has at the IdP between /sso and the Response. */
const RELAY_STATE_TTL_MINUTES = 10;
const CLOCK_SKEW_MS = 30_000;
/** Where an IdP commonly puts the address when no mapping names it. */
const EMAIL_ATTRIBUTES = ['email', 'mail', 'Email', 'emailAddress', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress', 'urn:oid:0.9.2342.19200300.100.1.3'];
const NAME_ATTRIBUTES = ['name', 'displayName', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name', 'urn:oid:2.16.840.1.113730.3.1.241'];
const EMAIL_NAME_ID = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

export const spEntityId = (ctx: AuthContext) => `${ctx.config.authUrl}/sso/saml/metadata`;
const acsUrl = (ctx: AuthContext) => `${ctx.config.authUrl}/sso/saml/acs`;
const ssoProviderName = (id: string) => `sso:${id}`;
const pem = (base64: string) => `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`;

/**
 * Request ids are kept in auth.saml_relay_states, not in node-saml's in-process cache; node-saml
 * reads the cached value as the time the request was made.
 */
function requestIdCache(onSave: (id: string) => void, expected: { id: string; createdAt: string } | null): CacheProvider {
  return {
    saveAsync: async (key, value) => {
      onSave(key);
      return { value, createdAt: Date.now() };
    },
    getAsync: async (key) => (expected !== null && key === expected.id ? expected.createdAt : null),
    removeAsync: async () => null,
  };
}

function serviceProvider(ctx: AuthContext, idp: IdpMetadata, nameIdFormat: string | null, cache: CacheProvider): SAML {
  return new SAML({
    issuer: spEntityId(ctx),
    callbackUrl: acsUrl(ctx),
    audience: spEntityId(ctx),
    entryPoint: idp.ssoUrl,
    idpIssuer: idp.entityId,
    idpCert: idp.certificates.map(pem),
    identifierFormat: nameIdFormat,
    // Either the Response or its Assertion must carry a valid signature (node-saml insists on one).
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    disableRequestedAuthnContext: true,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: RELAY_STATE_TTL_MINUTES * 60_000,
    cacheProvider: cache,
  });
}

/** GET /sso/saml/metadata: what an IdP administrator pastes in (entity id, ACS URL). */
export function serviceProviderMetadata(ctx: AuthContext): string {
  assertSamlEnabled(ctx);
  return generateServiceProviderMetadata({ issuer: spEntityId(ctx), callbackUrl: acsUrl(ctx), identifierFormat: null, wantAssertionsSigned: true });
}

export interface StartSsoInput {
  providerId?: string | null;
  domain?: string | null;
  redirectTo?: string | null;
  pkce?: CodeChallenge | null;
}

interface ProviderRow {
  id: string;
  metadata_xml: string;
  name_id_format: string | null;
  attribute_mapping: AttributeMapping | string;
}

const PROVIDER_ROW = `select p.id, s.metadata_xml, s.name_id_format, s.attribute_mapping from auth.sso_providers p join auth.saml_providers s on s.sso_provider_id = p.id`;

async function providerFor(ctx: AuthContext, input: StartSsoInput): Promise<ProviderRow> {
  if (input.providerId && input.domain) throw new PlinthError('validation_failed', 'Only one of provider_id or domain supported');
  if (input.providerId) {
    const { rows } = isUuid(input.providerId) ? await ctx.db.query<ProviderRow>(`${PROVIDER_ROW} where p.id = $1`, [input.providerId]) : { rows: [] };
    if (!rows[0]) throw new PlinthError('sso_provider_not_found');
    return rows[0];
  }
  if (!input.domain) throw new PlinthError('validation_failed', 'A provider_id or domain needs to be provided');
  const { rows } = await ctx.db.query<ProviderRow>(
    `${PROVIDER_ROW} join auth.sso_domains d on d.sso_provider_id = p.id where lower(d.domain) = lower($1)`,
    [input.domain.trim()],
  );
  if (!rows[0]) throw new PlinthError('sso_provider_not_found', 'No SSO provider assigned for this domain');
  return rows[0];
}

/** POST /sso: the IdP's URL carrying a fresh AuthnRequest, remembered for the Response to answer. */
export async function startSso(ctx: AuthContext, input: StartSsoInput): Promise<string> {
  assertSamlEnabled(ctx);
  const provider = await providerFor(ctx, input);
  let requestId: string | null = null;
  const sp = serviceProvider(ctx, parseIdpMetadata(provider.metadata_xml), provider.name_id_format, requestIdCache((id) => (requestId = id), null));
  const relayStateId = randomUUID();
  const url = await sp.getAuthorizeUrlAsync(relayStateId, undefined, {});
  if (!requestId) throw new Error('node-saml made an AuthnRequest without an id');
  const flowStateId = input.pkce
    ? await createFlowState(ctx.db, input.pkce, { userId: null, provider: ssoProviderName(provider.id), method: AMR_METHOD })
    : null;
  await ctx.db.query(`delete from auth.saml_relay_states where created_at < now() - make_interval(mins => $1)`, [RELAY_STATE_TTL_MINUTES]);
  await ctx.db.query(
    'insert into auth.saml_relay_states (id, sso_provider_id, request_id, redirect_to, flow_state_id) values ($1, $2, $3, $4, $5)',
    [relayStateId, provider.id, requestId, redirectTarget(ctx.config, input.redirectTo), flowStateId],
  );
  return url;
}

/** A SAML attribute's value(s), whichever shape node-saml gave it. */
function attributeValues(attributes: Record<string, unknown>, name: string): unknown[] {
  const value = attributes[name];
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function firstText(attributes: Record<string, unknown>, names: string[]): string | undefined {
  for (const name of names) {
    const value = attributeValues(attributes, name).find((v) => typeof v === 'string' && v !== '');
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/** The user metadata the provider's attribute mapping asks for (GoTrue's `keys`). */
function mappedClaims(attributes: Record<string, unknown>, mapping: AttributeMapping): Record<string, unknown> {
  const claims: Record<string, unknown> = {};
  for (const [key, rule] of Object.entries(mapping.keys ?? {})) {
    const names = [...(rule.name ? [rule.name] : []), ...(rule.names ?? [])];
    const values = names.flatMap((name) => attributeValues(attributes, name));
    if (values.length > 0) claims[key] = rule.array ? values : values[0];
    else if (rule.default !== undefined) claims[key] = rule.default;
  }
  return claims;
}

function claimsOf(profile: Profile, mapping: AttributeMapping): ProviderClaims {
  if (!profile.nameID) throw new PlinthError('saml_assertion_no_user_id');
  const attributes = { ...((profile.attributes as Record<string, unknown> | undefined) ?? {}) };
  const custom = mappedClaims(attributes, mapping);
  const email = (typeof custom.email === 'string' && custom.email) || firstText(attributes, EMAIL_ATTRIBUTES) || (profile.nameIDFormat === EMAIL_NAME_ID ? profile.nameID : undefined);
  if (!email) throw new PlinthError('saml_assertion_no_email');
  return {
    iss: profile.issuer,
    sub: profile.nameID,
    email,
    // The IdP vouches for the addresses of its own users.
    email_verified: true,
    name: (typeof custom.name === 'string' && custom.name) || firstText(attributes, NAME_ATTRIBUTES),
    custom,
  };
}

export type SsoCallbackResult = {
  redirectTo: string;
  isPkce: boolean;
} & (
  | { kind: 'session'; session: Session; provider: string; signedIn: SignedInIdentity }
  | { kind: 'code'; authCode: string; provider: string; signedIn: SignedInIdentity; user: { id: string; email: string } }
  | { kind: 'error'; error: PlinthError }
);

interface RelayState {
  sso_provider_id: string;
  request_id: string;
  redirect_to: string;
  flow_state_id: string | null;
  created_at: unknown;
  expired: boolean;
}

/** The relay row, deleted as it is read: one Response per AuthnRequest. */
async function consumeRelayState(ctx: AuthContext, id: string | undefined): Promise<RelayState> {
  if (!id || !isUuid(id)) throw new PlinthError('saml_relay_state_not_found');
  const { rows } = await ctx.db.query<RelayState>(
    `delete from auth.saml_relay_states where id = $1
      returning sso_provider_id, request_id, redirect_to, flow_state_id, created_at, created_at < now() - make_interval(mins => $2) as expired`,
    [id, RELAY_STATE_TTL_MINUTES],
  );
  if (!rows[0]) throw new PlinthError('saml_relay_state_not_found');
  if (rows[0].expired) throw new PlinthError('saml_relay_state_expired');
  return rows[0];
}

/** POST /sso/saml/acs: the IdP's Response turned into where the browser lands, and with what. */
export async function completeSso(ctx: AuthContext, form: { SAMLResponse?: string; RelayState?: string }, meta: RequestMeta): Promise<SsoCallbackResult> {
  assertSamlEnabled(ctx);
  let relay: RelayState;
  try {
    relay = await consumeRelayState(ctx, form.RelayState);
  } catch (error) {
    if (error instanceof PlinthError) return { redirectTo: ctx.config.siteUrl, isPkce: false, kind: 'error', error };
    throw error;
  }
  const redirectTo = redirectTarget(ctx.config, relay.redirect_to);
  const isPkce = relay.flow_state_id !== null;
  try {
    const { rows } = await ctx.db.query<ProviderRow>(`${PROVIDER_ROW} where p.id = $1`, [relay.sso_provider_id]);
    if (!rows[0]) throw new PlinthError('sso_provider_not_found');
    const mapping = typeof rows[0].attribute_mapping === 'string' ? (JSON.parse(rows[0].attribute_mapping) as AttributeMapping) : rows[0].attribute_mapping;
    const sp = serviceProvider(ctx, parseIdpMetadata(rows[0].metadata_xml), rows[0].name_id_format, requestIdCache(() => {}, { id: relay.request_id, createdAt: toIso(relay.created_at)! }));
    if (!form.SAMLResponse) throw new PlinthError('validation_failed', 'SAMLResponse is missing');
    let profile: Profile | null;
    try {
      ({ profile } = await sp.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse }));
    } catch (error) {
      throw new PlinthError('saml_assertion_invalid', `SAML Assertion is not valid: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!profile) throw new PlinthError('saml_assertion_invalid', 'SAML Assertion is not valid: no assertion');
    const claims = claimsOf(profile, mapping);
    const provider = ssoProviderName(relay.sso_provider_id);
    return await ctx.db.transaction(async (tx) => {
      const signedIn = await signInWithSsoIdentity(ctx, tx, provider, claims);
      if (relay.flow_state_id) {
        const authCode = await issueAuthCode(tx, relay.flow_state_id, signedIn.userId);
        return { redirectTo, isPkce, kind: 'code' as const, authCode, provider, signedIn, user: { id: signedIn.userId, email: claims.email ?? '' } };
      }
      const session = await startSession(ctx, tx, signedIn.userId, AMR_METHOD, meta);
      return { redirectTo, isPkce, kind: 'session' as const, session, provider, signedIn };
    });
  } catch (error) {
    if (error instanceof PlinthError && error.status < 500) return { redirectTo, isPkce, kind: 'error', error };
    throw error;
  }
}
