/**
 * Dashboard SSO in a real browser: the owner of a Team organisation sets up its OpenID provider in
 * Organization > SSO, then a colleague signs in from the sign-in page with "Continue with SSO"
 * (work email -> provider -> back to the studio) and lands in the dashboard as a member.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { signUp } from '../../platform/test/support/client.ts';
import { CLIENT_ID, CLIENT_SECRET, DOMAIN, startEmailProvider } from '../../platform/test/support/email-oidc-provider.ts';
import { ensureStudioBuilt, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';

const PASSWORD = 'correct-horse-battery-staple';
const shot = screenshotter('dashboard-sso');

let platform: Awaited<ReturnType<typeof startPlatform>>;
let idp: Awaited<ReturnType<typeof startEmailProvider>>;
let browser: Browser;
let owner: Awaited<ReturnType<typeof signUp>>;
let slug: string;

beforeAll(async () => {
  await ensureStudioBuilt();
  platform = await startPlatform({ engine: 'embedded' });
  idp = await startEmailProvider(`${platform.url}/api/platform/auth/sso/callback`);
  browser = await launchChromium();
  owner = await signUp(platform.url, `owner@${DOMAIN}`, PASSWORD);
  slug = (await owner.api.post('/api/platform/organizations', { name: 'Acme SSO' })).body.slug;
  await platform.control.db.query(`update organizations set plan = 'team' where slug = $1`, [slug]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await idp?.stop();
  await platform?.stop();
}, 60_000);

describe('dashboard SSO', () => {
  it('is set up in Organization > SSO and used from the sign-in page', async () => {
    const ownerTab = await newPage(browser, platform.url);
    await signInThroughUi(ownerTab.page, owner.email, PASSWORD, `/org/${slug}/sso`);
    const settings = ownerTab.page;
    await settings.getByLabel('Issuer URL').fill(idp.issuer);
    await settings.getByLabel('Client ID').fill(CLIENT_ID);
    await settings.getByLabel('Client secret').fill(CLIENT_SECRET);
    await settings.getByLabel('Email domains').fill(DOMAIN);
    await settings.getByLabel('Enable SSO').click();
    await settings.getByTestId('sso-save').click();
    await settings.getByText('SSO settings saved').waitFor();
    await settings.getByText('Stored. Leave empty to keep it.').waitFor();
    await shot(settings, 'settings');
    await ownerTab.context.close();

    const colleague = await newPage(browser, platform.url);
    const page = colleague.page;
    await page.goto('/sign-in');
    await page.getByTestId('sign-in-sso').click();
    await page.getByLabel('Work email').fill(`erin@${DOMAIN}`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/projects', { timeout: 30_000 });
    await page.getByText('Acme SSO').first().waitFor();
    await shot(page, 'signed-in');
    expect(colleague.errors).toEqual([]);
    const members = await owner.api.get(`/api/platform/organizations/${slug}/members`);
    expect(members.body).toContainEqual(expect.objectContaining({ primary_email: `erin@${DOMAIN}`, role: 'Developer' }));
  });
});
