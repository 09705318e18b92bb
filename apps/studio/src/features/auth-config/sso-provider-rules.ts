/**
 * The SAML identity provider form's rules, as the server applies them
 * (apps/platform/src/data-plane/auth/sso-providers.ts and the contract's attributeMappingSchema),
 * checked in the dialog so most refusals never leave the page. The server checks again and its
 * message is shown verbatim when it refuses.
 */
import type { SsoProviderCreate, SsoProviderUpdate } from '@plinth/api-contract';
import { isHttpUrl } from './auth-config-rules.ts';

/** The server's domain rule: dot-separated labels of letters, digits and hyphens, then a TLD. */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The project's service-provider side, derived from the auth callback URL (`{publicUrl}/p/{ref}/auth/v1/callback`). */
export function samlServiceProviderUrls(callbackUrl: string) {
  const authUrl = callbackUrl.replace(/\/callback\/?$/, '');
  const metadataUrl = `${authUrl}/sso/saml/metadata`;
  return { entityId: metadataUrl, acsUrl: `${authUrl}/sso/saml/acs`, metadataUrl, downloadUrl: `${metadataUrl}?download=true` };
}

/** What a person typed or pasted (commas, spaces or new lines between them), lower-cased, blanks left out. */
export function splitDomains(text: string): string[] {
  return text.split(/[\s,]+/).map((domain) => domain.trim().toLowerCase()).filter(Boolean);
}

/** `current` with the domains of `text` added after it, each once. */
export function addDomains(current: readonly string[], text: string): string[] {
  return [...new Set([...current, ...splitDomains(text)])];
}

export function isDomain(domain: string): boolean {
  return DOMAIN.test(domain);
}

/** The first domain the server would refuse, in its words. */
export function domainsProblem(domains: readonly string[]): string | null {
  const invalid = domains.find((domain) => !isDomain(domain));
  return invalid === undefined ? null : `Domain '${invalid}' is not a valid domain name`;
}

type MappingResult = { mapping: SsoProviderCreate['attribute_mapping']; problem: null } | { mapping: undefined; problem: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The attribute mapping typed as JSON: `{ "keys": { "<user metadata key>": { "name": "<SAML attribute>" } } }`,
 * each entry with `name`, `names` (a list), `default` or `array`. Empty text is no mapping.
 */
export function parseAttributeMapping(text: string): MappingResult {
  if (text.trim() === '') return { mapping: undefined, problem: null };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { mapping: undefined, problem: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!isObject(value)) return { mapping: undefined, problem: 'Must be a JSON object, such as { "keys": { "email": { "name": "mail" } } }' };
  const unknownKey = Object.keys(value).find((key) => key !== 'keys');
  if (unknownKey !== undefined) return { mapping: undefined, problem: `Unknown property "${unknownKey}": the mapping has only "keys"` };
  if (value.keys === undefined) return { mapping: {}, problem: null };
  if (!isObject(value.keys)) return { mapping: undefined, problem: '"keys" must be an object of user metadata keys' };
  for (const [key, entry] of Object.entries(value.keys)) {
    const problem = mappingEntryProblem(entry);
    if (problem) return { mapping: undefined, problem: `"keys.${key}": ${problem}` };
  }
  return { mapping: value as NonNullable<SsoProviderCreate['attribute_mapping']>, problem: null };
}

function mappingEntryProblem(entry: unknown): string | null {
  if (!isObject(entry)) return 'must be an object such as { "name": "mail" }';
  const unknownKey = Object.keys(entry).find((key) => !['name', 'names', 'default', 'array'].includes(key));
  if (unknownKey !== undefined) return `unknown property "${unknownKey}" (use name, names, default or array)`;
  if (entry.name !== undefined && typeof entry.name !== 'string') return '"name" must be a string';
  if (entry.names !== undefined && !(Array.isArray(entry.names) && entry.names.every((name) => typeof name === 'string'))) return '"names" must be a list of strings';
  if (entry.array !== undefined && typeof entry.array !== 'boolean') return '"array" must be true or false';
  return null;
}

/** The mapping as the dialog shows it for editing: nothing when it maps nothing. */
export function formatAttributeMapping(mapping: { keys?: Record<string, unknown> } | undefined): string {
  return mapping?.keys && Object.keys(mapping.keys).length > 0 ? JSON.stringify(mapping, null, 2) : '';
}

/** Where the metadata comes from; an edit may keep what is stored. */
export type MetadataSource = 'keep' | 'url' | 'xml';

export interface SsoProviderDraft {
  source: MetadataSource;
  metadataUrl: string;
  metadataXml: string;
  domains: string[];
  attributeMapping: string;
}

export function draftOf(provider?: { domains: { domain: string }[]; saml: { attribute_mapping: { keys?: Record<string, unknown> } } }): SsoProviderDraft {
  return {
    source: provider ? 'keep' : 'xml',
    metadataUrl: '',
    metadataXml: '',
    domains: provider ? provider.domains.map((d) => d.domain) : [],
    attributeMapping: provider ? formatAttributeMapping(provider.saml.attribute_mapping) : '',
  };
}

export type DraftProblems = Partial<Record<'metadataUrl' | 'metadataXml' | 'domains' | 'attributeMapping', string>>;

export function draftProblems(draft: SsoProviderDraft): DraftProblems {
  const problems: DraftProblems = {};
  if (draft.source === 'url' && !isHttpUrl(draft.metadataUrl.trim())) problems.metadataUrl = 'Must be an http(s) URL, such as https://idp.example.com/metadata';
  if (draft.source === 'xml') {
    const xml = draft.metadataXml.trim();
    if (xml === '') problems.metadataXml = "Paste the identity provider's SAML metadata XML";
    else if (!xml.startsWith('<')) problems.metadataXml = 'SAML metadata is XML: it starts with <?xml or <EntityDescriptor';
  }
  const domains = domainsProblem(draft.domains);
  if (domains) problems.domains = domains;
  const mapping = parseAttributeMapping(draft.attributeMapping).problem;
  if (mapping) problems.attributeMapping = mapping;
  return problems;
}

function metadataOf(draft: SsoProviderDraft): Pick<SsoProviderUpdate, 'metadata_url' | 'metadata_xml'> {
  if (draft.source === 'url') return { metadata_url: draft.metadataUrl.trim() };
  if (draft.source === 'xml') return { metadata_xml: draft.metadataXml.trim() };
  return {};
}

/** The POST body of a valid draft. */
export function createBodyOf(draft: SsoProviderDraft): SsoProviderCreate {
  const { mapping } = parseAttributeMapping(draft.attributeMapping);
  return { type: 'saml', ...metadataOf(draft), domains: draft.domains, ...(mapping ? { attribute_mapping: mapping } : {}) };
}

/** The PUT body of a valid draft: the domains replace the provider's, an emptied mapping clears it. */
export function updateBodyOf(draft: SsoProviderDraft): SsoProviderUpdate {
  const { mapping } = parseAttributeMapping(draft.attributeMapping);
  return { ...metadataOf(draft), domains: draft.domains, attribute_mapping: mapping ?? {} };
}

/** "a.com", "a.com and b.com", "a.com, b.com and c.com". */
export function listOfDomains(domains: readonly string[]): string {
  if (domains.length <= 1) return domains[0] ?? '';
  return `${domains.slice(0, -1).join(', ')} and ${domains[domains.length - 1]}`;
}
