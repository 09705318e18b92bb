/**
 * A SAML 2.0 identity provider for the tests, built on samlify (an implementation independent of
 * the node-saml the platform uses): it publishes its metadata, takes AuthnRequests on the
 * HTTP-Redirect binding, "signs in" whichever account the test chose, and answers with the HTML form
 * that posts a signed Response to the service provider's ACS, as a browser would carry it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as samlify from 'samlify';

const BASIC = 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic';
const PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';

// samlify wants an XML schema validator; the service provider under test does its own validation.
samlify.setSchemaValidator({ validate: async () => 'skipped' });

/** A throwaway RSA key and self-signed certificate (openssl, as any IdP administrator would make). */
export function selfSignedCertificate(commonName: string): { privateKey: string; certificate: string } {
  const dir = mkdtempSync(join(tmpdir(), 'plinth-saml-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '2', '-subj', `/CN=${commonName}`,
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    return { privateKey: readFileSync(join(dir, 'key.pem'), 'utf8'), certificate: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface SamlAccount {
  /** The persistent NameID. */
  id: string;
  mail: string;
  displayName: string;
  department: string;
}

export interface TestSamlIdp {
  entityId: string;
  metadataUrl: string;
  metadataXml: string;
  /** Who signs in at the next AuthnRequest. */
  signInAs(account: SamlAccount): void;
  /** The AuthnRequest ids the IdP answered, newest last. */
  requestIds: string[];
  stop(): Promise<void>;
}

/** Starts the IdP; `spMetadataUrl` is the project's /auth/v1/sso/saml/metadata, read per request. */
export async function startSamlIdp(spMetadataUrl: string, keys = selfSignedCertificate('plinth-test-idp')): Promise<TestSamlIdp> {
  let account: SamlAccount | null = null;
  const requestIds: string[] = [];
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const idp = samlify.IdentityProvider({
    entityID: `${base}/metadata`,
    privateKey: keys.privateKey,
    signingCert: keys.certificate,
    nameIDFormat: [PERSISTENT],
    singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: `${base}/sso` }],
    loginResponseTemplate: {
      context: samlify.SamlLib.defaultLoginResponseTemplate.context,
      attributes: [
        { name: 'mail', valueTag: 'mail', nameFormat: BASIC, valueXsiType: 'xs:string' },
        { name: 'displayName', valueTag: 'displayName', nameFormat: BASIC, valueXsiType: 'xs:string' },
        { name: 'department', valueTag: 'department', nameFormat: BASIC, valueXsiType: 'xs:string' },
      ],
    },
  });
  const metadataXml = idp.getMetadata();

  server.on('request', async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', base);
      if (url.pathname === '/metadata') {
        response.writeHead(200, { 'content-type': 'application/xml' }).end(metadataXml);
        return;
      }
      if (url.pathname !== '/sso' || !account) {
        response.writeHead(404).end();
        return;
      }
      const sp = samlify.ServiceProvider({ metadata: await (await fetch(spMetadataUrl)).text() });
      const extract = (await idp.parseLoginRequest(sp, 'redirect', { query: Object.fromEntries(url.searchParams), octetString: '' })).extract;
      const requestId = String(extract.request?.id ?? '');
      requestIds.push(requestId);
      const user = account;
      const now = new Date();
      const later = new Date(now.getTime() + 5 * 60_000);
      const { context } = await idp.createLoginResponse(sp, { extract }, 'post', { ...user }, {
        customTagReplacement: (template: string) => {
          const id = `_${crypto.randomUUID()}`;
          const acs = sp.entityMeta.getAssertionConsumerService('post') as string;
          return {
            id,
            context: samlify.SamlLib.replaceTagsByValue(template, {
              ID: id,
              AssertionID: `_${crypto.randomUUID()}`,
              Destination: acs,
              Audience: sp.entityMeta.getEntityID(),
              SubjectRecipient: acs,
              Issuer: idp.entityMeta.getEntityID(),
              IssueInstant: now.toISOString(),
              StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
              ConditionsNotBefore: now.toISOString(),
              ConditionsNotOnOrAfter: later.toISOString(),
              SubjectConfirmationDataNotOnOrAfter: later.toISOString(),
              NameIDFormat: PERSISTENT,
              NameID: user.id,
              InResponseTo: requestId,
              AuthnStatement: '',
              attrMail: user.mail,
              attrDisplayName: user.displayName,
              attrDepartment: user.department,
            }),
          };
        },
      });
      const acs = sp.entityMeta.getAssertionConsumerService('post') as string;
      const relayState = url.searchParams.get('RelayState') ?? '';
      response.writeHead(200, { 'content-type': 'text/html' }).end(
        `<form method="post" action="${acs}"><input type="hidden" name="SAMLResponse" value="${context}"><input type="hidden" name="RelayState" value="${relayState}"></form>`,
      );
    } catch (error) {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    }
  });

  return {
    entityId: `${base}/metadata`,
    metadataUrl: `${base}/metadata`,
    metadataXml,
    signInAs: (next) => void (account = next),
    requestIds,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What the browser does with the IdP's page: posts its form to the ACS. Returns that response. */
export async function postIdpForm(idpPage: string): Promise<{ status: number; location: string | null; form: { action: string; SAMLResponse: string; RelayState: string } }> {
  const action = /action="([^"]+)"/.exec(idpPage)?.[1];
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(idpPage)?.[1] ?? '';
  if (!action) throw new Error(`The IdP answered no form: ${idpPage.slice(0, 300)}`);
  const form = { action, SAMLResponse: field('SAMLResponse'), RelayState: field('RelayState') };
  const response = await fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ SAMLResponse: form.SAMLResponse, RelayState: form.RelayState }).toString(),
  });
  return { status: response.status, location: response.headers.get('location'), form };
}
