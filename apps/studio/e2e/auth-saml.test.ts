/**
 * SAML 2.0 identity providers in Settings > Authentication, end to end in a real browser against a
 * real platform on the Pro plan: SAML turned on, the service provider details an IdP administrator
 * copies, a provider added by pasting a test IdP's metadata XML (client-side and server refusals
 * shown in the dialog), a second one added from a metadata URL, then signInWithSSO through the first
 * one with supabase-js; domains edited, a provider deleted after its consequences are stated. A
 * Developer sees the providers with every change disabled.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { postIdpForm, startSamlIdp, type TestSamlIdp } from '../../platform/test/auth/saml-idp.ts';
import { supabaseClient } from '../../platform/test/storage/harness.ts';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { signUp, uniqueEmail, type ApiClient } from '../../platform/test/support/client.ts';
import { ensureStudioBuilt, expectDisabledWithTooltip, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';
import { createActiveProject } from './support/projects.ts';

const PASSWORD = 'correct-horse-battery-staple';
const NO_PERMISSION = 'You need additional permissions to update auth configuration';

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let owner: Awaited<ReturnType<typeof signUp>>;
let project: { ref: string; slug: string };
let authUrl: string;
let idp: TestSamlIdp;
let otherIdp: TestSamlIdp;

beforeAll(async () => {
  await ensureStudioBuilt();
  platform = await startPlatform();
  browser = await launchChromium();
  owner = await signUp(platform.url, uniqueEmail('saml-owner'), PASSWORD);
  project = await createActiveProject(owner.api, { organization: 'SAML Org', project: 'SAML Project' }, 'pro');
  authUrl = `${platform.url}/p/${project.ref}/auth/v1`;
  idp = await startSamlIdp(`${authUrl}/sso/saml/metadata`);
  otherIdp = await startSamlIdp(`${authUrl}/sso/saml/metadata`);
}, 240_000);

afterAll(async () => {
  await idp?.stop();
  await otherIdp?.stop();
  await browser?.close();
  await platform?.stop();
}, 60_000);

async function providers(api: ApiClient): Promise<{ id: string; saml: { entity_id: string; attribute_mapping: unknown }; domains: { domain: string }[] }[]> {
  const response = await api.get(`/api/platform/projects/${project.ref}/config/auth/sso/providers`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.items;
}

async function anonKey(): Promise<string> {
  return (await owner.api.get(`/api/props/project/${project.ref}/settings`)).body.autoApiService.defaultApiKey as string;
}

const shot = screenshotter('auth-saml', { fullPage: true });
/** The providers section itself, scrolled into view (the settings page is long). */
const shotProviders = screenshotter('auth-saml');

async function openSettings(email = owner.email) {
  const session = await newPage(browser, platform.url);
  onTestFailed(() => shot(session.page, 'failed'));
  await signInThroughUi(session.page, email, PASSWORD, `/project/${project.ref}/settings/auth`);
  return session;
}

async function domainsOfRow(page: Page, entityId: string): Promise<string[]> {
  return page.getByTestId('sso-provider-row').filter({ hasText: entityId }).getByTestId('sso-provider-domain').allTextContents();
}

describe('SAML identity providers', () => {
  it('turns SAML on and shows what the IdP administrator needs', async () => {
    const { context, page, errors } = await openSettings();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: platform.url });
    const saml = page.getByTestId('saml-form');
    await saml.getByTestId('saml-providers-disabled-note').getByText('SAML identity providers can be added once SAML 2.0 single sign-on is enabled and saved.').waitFor();
    // Nothing asks for providers while SAML is off: the server would answer 404.
    expect(await page.getByTestId('saml-providers-panel').count()).toBe(0);
    await saml.getByTestId('saml-enabled-switch').click();
    await saml.getByTestId('saml-form-save').click();
    await page.getByText('Successfully updated SAML settings').waitFor();

    const details = page.getByTestId('saml-sp-details');
    expect(await details.getByTestId('saml-sp-entity-id').inputValue()).toBe(`${authUrl}/sso/saml/metadata`);
    expect(await details.getByTestId('saml-sp-acs-url').inputValue()).toBe(`${authUrl}/sso/saml/acs`);
    expect(await details.getByTestId('saml-sp-metadata-url').inputValue()).toBe(`${authUrl}/sso/saml/metadata`);
    await details.getByTestId('saml-sp-acs-url-copy').click();
    await details.getByTestId('saml-sp-acs-url-copy').getByText('Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${authUrl}/sso/saml/acs`);

    // The download link is the project's real metadata, as an attachment.
    const href = await details.getByTestId('saml-sp-metadata-download').getAttribute('href');
    expect(href).toBe(`${authUrl}/sso/saml/metadata?download=true`);
    const metadata = await fetch(href!);
    expect(metadata.status).toBe(200);
    expect(metadata.headers.get('content-disposition')).toContain('attachment');
    expect(await metadata.text()).toContain(`entityID="${authUrl}/sso/saml/metadata"`);

    await page.getByTestId('sso-providers-empty').getByText('No SAML identity providers yet').waitFor();
    await shot(page, 'empty');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('adds a provider from pasted metadata XML, showing what the client and the server refuse', async () => {
    const { context, page, errors } = await openSettings();
    await page.getByTestId('sso-provider-add').click();
    const dialog = page.getByTestId('sso-provider-dialog');
    await dialog.getByRole('radio', { name: 'Metadata XML' }).click();
    await dialog.getByTestId('sso-provider-save').click();
    await dialog.getByText("Paste the identity provider's SAML metadata XML").waitFor();

    // Not metadata: the server's words, verbatim.
    await dialog.getByTestId('sso-metadata-xml-input').fill('<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata"/>');
    await dialog.getByTestId('sso-provider-save').click();
    await dialog.getByTestId('sso-provider-dialog-error').getByText('SAML metadata is not valid: ', { exact: false }).waitFor();

    await dialog.getByTestId('sso-metadata-xml-input').fill(idp.metadataXml);
    const domains = dialog.getByTestId('sso-domains-input');
    await domains.fill('acme_corp');
    await domains.press('Enter');
    await dialog.getByText("Domain 'acme_corp' is not a valid domain name").waitFor();
    await dialog.getByRole('button', { name: 'Remove acme_corp' }).click();
    await domains.fill('Acme-Example.com');
    await domains.press(',');
    expect(await dialog.getByTestId('sso-domain-chip').allTextContents()).toEqual(['acme-example.com']);
    const mapping = dialog.getByTestId('sso-attribute-mapping-input');
    await mapping.fill('{"keys": {"department": "department"}}');
    await domains.press('Enter');
    await dialog.getByText('"keys.department": must be an object such as { "name": "mail" }').waitFor();
    await mapping.fill('{"keys": {"department": {"name": "department"}}}');
    await shot(page, 'add-dialog');
    // Enter in the (empty) domains box submits.
    await domains.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Successfully added identity provider').waitFor();
    expect(await domainsOfRow(page, idp.entityId)).toEqual(['acme-example.com']);
    const [stored] = await providers(owner.api);
    expect(stored).toMatchObject({ saml: { entity_id: idp.entityId, attribute_mapping: { keys: { department: { name: 'department' } } } }, domains: [{ domain: 'acme-example.com' }] });

    // The same IdP again: refused, the message shown in the dialog; Escape closes it.
    await page.getByTestId('sso-provider-add').click();
    await dialog.getByTestId('sso-metadata-xml-input').fill(idp.metadataXml);
    await dialog.getByTestId('sso-domains-input').fill('other.example.com');
    await dialog.getByTestId('sso-provider-save').click();
    await dialog.getByTestId('sso-provider-dialog-error').getByText(`A SAML connection with the Identity Provider EntityID ${idp.entityId} already exists.`).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('sso-provider-row').count()).toBe(1);

    // A second IdP from its metadata URL, which the server fetches; a domain already taken is refused.
    await page.getByTestId('sso-provider-add').click();
    await dialog.getByRole('radio', { name: 'Metadata URL' }).click();
    await dialog.getByTestId('sso-metadata-url-input').fill(otherIdp.metadataUrl);
    await dialog.getByTestId('sso-domains-input').fill('acme-example.com');
    await dialog.getByTestId('sso-provider-save').click();
    await dialog.getByTestId('sso-provider-dialog-error').getByText("SSO Domain 'acme-example.com' is already assigned", { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Remove acme-example.com' }).click();
    await dialog.getByTestId('sso-domains-input').fill('other-example.com');
    await dialog.getByTestId('sso-metadata-url-input').press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await domainsOfRow(page, otherIdp.entityId)).toEqual(['other-example.com']);
    await page.getByTestId('sso-providers').scrollIntoViewIfNeeded();
    await shotProviders(page, 'listed');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('signs a user of the added domain in through the IdP with supabase-js', async () => {
    const client = supabaseClient(`${platform.url}/p/${project.ref}`, await anonKey());
    idp.signInAs({ id: 'emp-1', mail: 'ada@acme-example.com', displayName: 'Ada', department: 'Research' });
    const { data, error } = await client.auth.signInWithSSO({ domain: 'acme-example.com' });
    expect(error).toBeNull();
    const landing = await postIdpForm(await (await fetch(data!.url)).text());
    expect(landing.status).toBe(303);
    const accessToken = new URLSearchParams(new URL(landing.location!).hash.slice(1)).get('access_token');
    expect(accessToken).toBeTruthy();
    const { data: user } = await client.auth.getUser(accessToken!);
    expect(user.user).toMatchObject({ email: 'ada@acme-example.com', is_sso_user: true, user_metadata: { custom_claims: { department: 'Research' } } });
  }, 60_000);

  it('edits a provider\'s domains and deletes one after saying what happens', async () => {
    const { context, page, errors } = await openSettings();
    const row = page.getByTestId('sso-provider-row').filter({ hasText: idp.entityId });
    await row.getByRole('button', { name: `Edit ${idp.entityId}` }).click();
    const dialog = page.getByTestId('sso-provider-dialog');
    expect(await dialog.getByTestId('sso-domain-chip').allTextContents()).toEqual(['acme-example.com']);
    expect(JSON.parse(await dialog.getByTestId('sso-attribute-mapping-input').inputValue())).toEqual({ keys: { department: { name: 'department' } } });
    await dialog.getByTestId('sso-domains-input').fill('acme-example.org');
    await dialog.getByTestId('sso-domains-input').press('Enter');
    await dialog.getByRole('button', { name: 'Remove acme-example.com' }).click();
    await dialog.getByTestId('sso-provider-save').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Successfully updated identity provider').waitFor();
    await expect.poll(() => domainsOfRow(page, idp.entityId)).toEqual(['acme-example.org']);
    expect((await providers(owner.api)).find((p) => p.saml.entity_id === idp.entityId)?.domains).toMatchObject([{ domain: 'acme-example.org' }]);

    await row.getByRole('button', { name: `Delete ${idp.entityId}` }).click();
    const confirm = page.getByTestId('sso-provider-delete-dialog');
    await confirm.getByText('Users of acme-example.org will no longer be able to sign in with SSO', { exact: false }).waitFor();
    await shot(page, 'delete-dialog');
    await confirm.getByRole('button', { name: 'Delete identity provider' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('Successfully deleted identity provider').waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await providers(owner.api)).map((p) => p.saml.entity_id)).toEqual([otherIdp.entityId]);
    const client = supabaseClient(`${platform.url}/p/${project.ref}`, await anonKey());
    expect((await client.auth.signInWithSSO({ domain: 'acme-example.org' })).error).not.toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows a Developer the providers with every change disabled', async () => {
    const email = uniqueEmail('saml-developer');
    const member = await signUp(platform.url, email, PASSWORD);
    const invited = await owner.api.post(`/api/organizations/${project.slug}/members/invitations`, { email, role: 'Developer' });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const invitations = await member.api.get('/api/profile/invitations');
    expect((await member.api.post(`/api/organizations/${project.slug}/members/invitations/${invitations.body[0].id}/accept`)).status).toBe(200);

    const { context, page, errors } = await openSettings(email);
    const row = page.getByTestId('sso-provider-row').filter({ hasText: otherIdp.entityId });
    await row.getByTestId('sso-provider-domain').getByText('other-example.com').waitFor();
    await expectDisabledWithTooltip(page, NO_PERMISSION, page.getByTestId('sso-providers-header'));
    expect(await row.getByRole('button', { name: `Edit ${otherIdp.entityId}` }).isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: `Delete ${otherIdp.entityId}` }).isDisabled()).toBe(true);
    const refused = await member.api.delete(`/api/platform/projects/${project.ref}/config/auth/sso/providers/${(await providers(owner.api))[0].id}`);
    expect(refused.status).toBe(403);
    expect(await providers(owner.api)).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
