/**
 * /org/{slug}/apps and the consent screen end to end, in a real browser against a real platform: a
 * publisher creates an OAuth app in the page (secret shown once), a member of another organisation
 * is sent by /api/v1/oauth/authorize through sign-in to the consent screen and approves, the test
 * exchanges the code (oauth4webapi, PKCE) and calls the Management API; then the member revokes the
 * app in their own apps page and the token is refused.
 */
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { signUp, uniqueEmail } from '../../platform/test/support/client.ts';
import { ensureStudioBuilt, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';

const PASSWORD = 'correct-horse-battery-staple';
const REDIRECT = 'http://localhost:7777/callback';
const shot = screenshotter('oauth-apps');

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let publisher: Awaited<ReturnType<typeof signUp>>;
let customer: Awaited<ReturnType<typeof signUp>>;
let publisherSlug: string;
let customerSlug: string;
let customerRef: string;

beforeAll(async () => {
  await ensureStudioBuilt();
  platform = await startPlatform();
  browser = await launchChromium();
  publisher = await signUp(platform.url, uniqueEmail('publisher'), PASSWORD);
  customer = await signUp(platform.url, uniqueEmail('customer'), PASSWORD);
  publisherSlug = (await publisher.api.post('/api/platform/organizations', { name: 'Tool Maker' })).body.slug;
  customerSlug = (await customer.api.post('/api/platform/organizations', { name: 'Customer Org' })).body.slug;
  const project = await customer.api.post('/api/platform/projects', { name: 'Granted project', organization_slug: customerSlug, db_pass: 'a-long-db-password' });
  expect(project.status).toBeLessThan(300);
  customerRef = project.body.ref;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
}, 60_000);

describe('OAuth apps page and consent screen', () => {
  it('publishes an app, approves it on the consent screen, exchanges the code and revokes it', async () => {
    // The publisher creates the app in the page.
    const publisherTab = await newPage(browser, platform.url);
    await signInThroughUi(publisherTab.page, publisher.email, PASSWORD, `/org/${publisherSlug}/apps`);
    let page = publisherTab.page;
    await page.getByTestId('oauth-apps-empty').waitFor();
    await page.getByTestId('oauth-app-new').click();
    const form = page.getByTestId('oauth-app-create');
    await form.getByTestId('oauth-app-submit').click();
    await form.getByText('Please provide a name for the app').waitFor();
    await form.getByTestId('oauth-app-name').fill('Deploy bot');
    await form.getByTestId('oauth-app-website').fill('https://deploy.example.com');
    await form.getByTestId('oauth-app-redirects').fill(REDIRECT);
    await form.getByTestId('oauth-app-scopes').getByLabel('projects:read').check();
    await shot(page, 'form');
    await form.getByTestId('oauth-app-submit').click();

    const credentials = page.getByTestId('oauth-app-credentials');
    const clientId = (await credentials.getByTestId('oauth-app-client-id').textContent())?.trim() ?? '';
    const clientSecret = (await credentials.getByTestId('oauth-app-client-secret').textContent())?.trim() ?? '';
    expect(clientSecret).toMatch(/^sba_[a-f0-9]{40}$/);
    await shot(page, 'credentials');
    await credentials.getByRole('button', { name: 'Done' }).click();
    const row = page.getByTestId('oauth-app-row').filter({ hasText: 'Deploy bot' });
    await row.getByText(clientId).waitFor();
    await row.getByText(`${clientSecret.slice(0, 8)}…${clientSecret.slice(-4)}`).waitFor();
    expect(await page.content()).not.toContain(clientSecret);
    expect(publisherTab.errors).toEqual([]);
    await publisherTab.context.close();

    // The customer follows the app's authorize link: sign-in, then the consent screen.
    const as: oauth.AuthorizationServer = { issuer: platform.url, token_endpoint: `${platform.url}/api/v1/oauth/token` };
    const client: oauth.Client = { client_id: clientId };
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const authorize = new URL(`${platform.url}/api/v1/oauth/authorize`);
    for (const [name, value] of Object.entries({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, scope: 'projects:read', state, code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' })) {
      authorize.searchParams.set(name, value);
    }
    const customerTab = await newPage(browser, platform.url);
    page = customerTab.page;
    // The app's own callback is not running here: the browser's arrival there is the answer.
    await page.route('http://localhost:7777/**', (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'callback reached' }));
    await page.goto(authorize.toString());
    await page.waitForURL((url) => url.pathname === '/sign-in');
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/authorize');
    const consent = page.getByTestId('oauth-consent');
    await consent.getByText('Deploy bot by Tool Maker wants to act on one of your organizations.').waitFor();
    await consent.getByTestId('oauth-consent-scopes').getByText('projects:read').waitFor();
    expect(await consent.getByTestId('oauth-consent-organization').inputValue()).toBe(customerSlug);
    await shot(page, 'consent');
    await consent.getByTestId('oauth-consent-approve').click();
    await page.waitForURL((url) => url.origin + url.pathname === REDIRECT);
    const callback = new URL(page.url());
    expect(callback.searchParams.get('state')).toBe(state);

    // The app (this test) exchanges the code and calls the Management API.
    const params = oauth.validateAuthResponse(as, client, callback, state);
    const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.ClientSecretBasic(clientSecret), params, REDIRECT, verifier, { [oauth.allowInsecureRequests]: true });
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
    const callApi = (path: string) => fetch(`${platform.url}/api/v1${path}`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    const projects = await callApi('/projects');
    expect(projects.status).toBe(200);
    expect((await projects.json()).map((p: { ref: string }) => p.ref)).toEqual([customerRef]);

    // The customer sees the app authorised on their organisation and revokes it.
    await page.goto(`/org/${customerSlug}/apps`);
    const authorized = page.getByTestId('authorized-app-row').filter({ hasText: 'Deploy bot' });
    await authorized.getByText(customer.email).waitFor({ timeout: 60_000 });
    await shot(page, 'authorized');
    await authorized.getByRole('button', { name: 'Revoke Deploy bot' }).click();
    await page.getByTestId('authorized-app-revoke-confirm').getByRole('button', { name: 'Revoke' }).click();
    await page.getByTestId('authorized-apps-empty').waitFor();
    expect((await callApi('/projects')).status).toBe(401);
    expect(customerTab.errors).toEqual([]);
    await customerTab.context.close();
  }, 180_000);
});
