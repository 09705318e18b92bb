/**
 * A SAML identity provider's metadata (an EntityDescriptor with an IDPSSODescriptor): its entity
 * id, where to send AuthnRequests (the HTTP-Redirect binding) and the certificates its responses
 * are signed with. Given as XML or fetched once from its URL when the provider is added or updated.
 */
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { PlinthError } from '@plinth/errors';

const select = xpath.useNamespaces({
  md: 'urn:oasis:names:tc:SAML:2.0:metadata',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
});
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const MAX_METADATA_BYTES = 1024 * 1024;
const FETCH_TIMEOUT_MS = 10_000;

export interface IdpMetadata {
  entityId: string;
  /** SingleSignOnService with the HTTP-Redirect binding. */
  ssoUrl: string;
  /** Signing certificates, base64 DER as in the metadata (more than one while the IdP rotates keys). */
  certificates: string[];
  nameIdFormat: string | null;
}

const invalid = (reason: string) => new PlinthError('validation_failed', `SAML metadata is not valid: ${reason}`);

function attributeOf(node: xpath.SelectReturnType, name: string): string {
  return node && typeof node === 'object' && 'getAttribute' in node ? ((node as Element).getAttribute(name) ?? '') : '';
}

function nodes(expression: string, context: Node): Node[] {
  const found = select(expression, context);
  return Array.isArray(found) ? (found as Node[]) : [];
}

/** Reads what the service provider needs from IdP metadata; a clear validation error otherwise. */
export function parseIdpMetadata(xml: string): IdpMetadata {
  if (xml.length > MAX_METADATA_BYTES) throw invalid('larger than 1 MB');
  let doc: Document;
  try {
    doc = new DOMParser({ onError: (level, message) => { if (level !== 'warning') throw new Error(message); } })
      .parseFromString(xml, 'text/xml') as unknown as Document;
  } catch (error) {
    throw invalid(`not well-formed XML (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
  }
  const entity = nodes('//md:EntityDescriptor[md:IDPSSODescriptor]', doc)[0];
  if (!entity) throw invalid('no EntityDescriptor with an IDPSSODescriptor');
  const entityId = attributeOf(entity as xpath.SelectReturnType, 'entityID').trim();
  if (!entityId) throw invalid('the EntityDescriptor has no entityID');
  const idp = nodes('md:IDPSSODescriptor', entity)[0];
  const ssoUrl = nodes('md:SingleSignOnService', idp)
    .filter((service) => attributeOf(service as xpath.SelectReturnType, 'Binding') === REDIRECT_BINDING)
    .map((service) => attributeOf(service as xpath.SelectReturnType, 'Location').trim())[0];
  if (!ssoUrl) throw invalid('no SingleSignOnService with the HTTP-Redirect binding');
  if (!/^https?:\/\//i.test(ssoUrl)) throw invalid('the SingleSignOnService location is not an http(s) URL');
  const certificates = nodes('md:KeyDescriptor[not(@use) or @use="signing"]//ds:X509Certificate', idp)
    .map((cert) => (cert.textContent ?? '').replace(/\s+/g, ''))
    .filter(Boolean);
  if (certificates.length === 0) throw invalid('no signing certificate (KeyDescriptor with an X509Certificate)');
  const nameIdFormat = nodes('md:NameIDFormat', idp)[0]?.textContent?.trim() || null;
  return { entityId, ssoUrl, certificates: [...new Set(certificates)], nameIdFormat };
}

/** The metadata at `url`, fetched now (the admin who adds the provider waits for it). */
export async function fetchIdpMetadata(url: string): Promise<string> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new PlinthError('validation_failed', 'metadata_url is not a valid URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new PlinthError('validation_failed', 'metadata_url must be an http(s) URL');
  try {
    const response = await fetch(parsed, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const text = await response.text();
    if (text.length > MAX_METADATA_BYTES) throw new Error('larger than 1 MB');
    return text;
  } catch (error) {
    throw new PlinthError('saml_metadata_fetch_failed', `Unable to fetch SAML metadata from ${parsed.origin}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
