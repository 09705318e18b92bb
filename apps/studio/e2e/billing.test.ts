/**
 * Organisation > Billing and Project Settings > Add-ons in a real browser against a real platform:
 * a developer sees the plan button disabled with the spec's tooltip; the owner records a payment
 * method, moves to Pro in the plan side panel, and the storage upload limit and the add-ons page
 * change with the plan (read back from the server, not from the page's own state); the plan cards
 * link to a new project with `?plan=`, and the Enterprise card's contact form files a Sales ticket.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { signUp, uniqueEmail } from '../../platform/test/support/client.ts';
import { ensureStudioBuilt, expectDisabledWithTooltip, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';
import { createActiveProject } from './support/projects.ts';

const PASSWORD = 'correct-horse-battery-staple';
const shot = screenshotter('billing', { fullPage: true });

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let owner: Awaited<ReturnType<typeof signUp>>;
let developer: Awaited<ReturnType<typeof signUp>>;
let project: { ref: string; slug: string };

beforeAll(async () => {
  await ensureStudioBuilt();
  platform = await startPlatform({ engine: 'embedded' });
  browser = await launchChromium();
  owner = await signUp(platform.url, uniqueEmail('billing-owner'), PASSWORD);
  developer = await signUp(platform.url, uniqueEmail('billing-dev'), PASSWORD);
  project = await createActiveProject(owner.api, { organization: 'Billing Org', project: 'Billing Project' });
  // As an accepted invitation would: the role is what is under test.
  await platform.control.db.query(
    `insert into members (organization_id, user_id, role) select id, $2, 'Developer' from organizations where slug = $1`,
    [project.slug, developer.userId],
  );
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
}, 60_000);

it('a developer cannot change the plan: the button says why', async () => {
  const { page, errors } = await newPage(browser, platform.url);
  await signInThroughUi(page, developer.email, PASSWORD, `/org/${project.slug}/billing`);
  await page.getByTestId('current-plan-name').getByText('Free').waitFor();
  await page.getByRole('button', { name: 'Change subscription plan' }).click();
  await page.getByTestId('plan-side-panel').waitFor();
  expect(new URL(page.url()).searchParams.get('panel')).toBe('subscriptionPlan');
  await expectDisabledWithTooltip(page, 'You need additional permissions to amend subscriptions', page.getByTestId('plan-card-pro'));
  expect(errors).toEqual([]);
}, 120_000);

it('the owner moves to Pro and the upload limit and add-ons follow the plan', async () => {
  const { page, errors } = await newPage(browser, platform.url);
  await signInThroughUi(page, owner.email, PASSWORD, `/project/${project.ref}/settings/storage`);
  await page.getByTestId('storage-upgrade-prompt').waitFor();
  expect(await page.getByTestId('upload-limit-input').isDisabled()).toBe(true);
  expect(await page.getByTestId('upload-limit-input').inputValue()).toBe('50');

  await page.goto(`/project/${project.ref}/settings/addons?panel=custom_domain`);
  await page.getByTestId('addons-upgrade-prompt').waitFor();
  await page.getByTestId('addon-custom_domain').getByText('A custom domain is available on the Pro plan and above.').waitFor();

  // The upgrade prompt leads to the plan panel; without a payment method the server refuses.
  await page.getByTestId('addons-upgrade-prompt').getByRole('link', { name: 'Upgrade plan' }).click();
  const panel = page.getByTestId('plan-side-panel');
  await panel.waitFor();
  await panel.getByTestId('plan-card-pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
  await page.getByText('Failed to change plan: Add a payment method before moving to the Pro plan.').waitFor();
  await shot(page, 'plan-panel');
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });

  const payment = page.getByTestId('payment-method-panel');
  await payment.getByLabel('Billing email').fill('accounts@example.com');
  await payment.getByLabel('Purchase order').fill('PO-42');
  await payment.getByRole('button', { name: 'Save payment method' }).click();
  await payment.getByText('Invoice to accounts@example.com (PO PO-42)').waitFor();

  await page.getByRole('button', { name: 'Change subscription plan' }).click();
  await panel.getByTestId('plan-card-pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
  await panel.getByTestId('plan-card-pro').getByText('Current plan').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('current-plan-name').getByText('Pro').waitFor();
  expect((await owner.api.get(`/api/platform/organizations/${project.slug}/billing/subscription`)).body.plan.id).toBe('pro');
  await shot(page, 'pro');

  // The server's new limit reaches the storage settings: 5 GB, and the field can be changed.
  await page.goto(`/project/${project.ref}/settings/storage`);
  await page.getByTestId('upload-limit-input').waitFor();
  await expect.poll(() => page.getByTestId('upload-limit-input').isDisabled()).toBe(false);
  expect(await page.getByTestId('upload-limit-input').inputValue()).toBe('5');
  expect(await page.getByTestId('storage-upgrade-prompt').count()).toBe(0);

  await page.goto(`/project/${project.ref}/settings/addons`);
  await page.getByTestId('addon-custom_domain').getByText(/Custom domains are not available on this Plinth/).waitFor();
  expect(await page.getByTestId('addons-upgrade-prompt').count()).toBe(0);
  expect(errors).toEqual([]);
}, 180_000);

it("the plan cards link to a new project on a plan, and Enterprise's contact form files a Sales ticket", async () => {
  const { page, errors } = await newPage(browser, platform.url);
  await signInThroughUi(page, owner.email, PASSWORD, `/org/${project.slug}/billing?panel=subscriptionPlan`);
  const panel = page.getByTestId('plan-side-panel');
  await panel.getByTestId('plan-card-pro').getByText('Current plan').waitFor();

  await panel.getByTestId('plan-card-enterprise').getByRole('button', { name: 'Contact sales' }).click();
  await panel.getByLabel('Company').fill('Billing Co');
  await panel.getByLabel('What do you need?').fill('Custom limits for 40 teams.');
  await panel.getByRole('button', { name: 'Send enquiry' }).click();
  const sent = panel.getByTestId('enterprise-contact-sent');
  await sent.waitFor();
  const tickets = (await owner.api.get('/api/support/tickets')).body as { id: number; category: string; organization_slug: string; subject: string; message: string }[];
  expect(tickets).toEqual([expect.objectContaining({ category: 'Sales', organization_slug: project.slug, subject: 'Enterprise plan enquiry: Billing Co' })]);
  expect(tickets[0].message).toContain('Custom limits for 40 teams.');
  expect(await sent.textContent()).toContain(`ticket #${tickets[0].id}`);

  await panel.getByTestId('plan-card-team').getByRole('link', { name: 'New project on Team' }).click();
  await page.waitForURL((url) => url.pathname === `/new/${project.slug}` && url.searchParams.get('plan') === 'team');
  const notice = page.getByTestId('chosen-plan-notice');
  await notice.getByText(/You chose the Team plan; .* is on the Pro plan, and its projects share it\./).waitFor();
  await notice.getByRole('link', { name: "Change the organization's plan" }).click();
  await page.getByTestId('plan-side-panel').waitFor();
  expect(new URL(page.url()).pathname).toBe(`/org/${project.slug}/billing`);
  expect(errors).toEqual([]);
}, 120_000);
