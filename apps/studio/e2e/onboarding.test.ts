/**
 * The first minutes of a new user, in a real browser against a real platform: sign up, create an
 * organisation and a project, watch it come up, open its home, sign out. Also: a failed sign-in
 * shows the server's message.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';

const STUDIO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const PASSWORD = 'correct-horse-battery-staple';

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;

async function ensureStudioBuilt(): Promise<void> {
  // `npm test` builds the studio first; building here keeps `vitest run apps/studio/e2e` self-sufficient.
  if (existsSync(`${STUDIO_ROOT}/dist/index.html`)) return;
  const { build } = await import('vite');
  await build({ root: STUDIO_ROOT, logLevel: 'warn' });
}

async function newPage(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: platform.url, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

beforeAll(async () => {
  await ensureStudioBuilt();
  platform = await startPlatform();
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
}, 60_000);

describe('studio onboarding', () => {
  it('signs up, creates an organisation and a project, sees it healthy, and signs out', async () => {
    const { context, page, errors } = await newPage();
    const email = `onboarding-${Date.now()}@example.com`;

    // Signed out: any page sends the user to sign in.
    await page.goto('/projects');
    await page.waitForURL(/\/sign-in/);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();

    await page.getByRole('link', { name: 'Sign up now' }).click();
    await page.waitForURL(/\/sign-up/);
    await page.getByLabel('Email').fill(email);
    // The form states the platform's minimum and holds to it before asking the server.
    await page.getByText('At least 8 characters.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('seven77');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Password should be at least 8 characters.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();

    // No organisation yet: the projects page prompts to create one.
    await page.waitForURL(/\/projects$/);
    await page.getByTestId('no-organizations').waitFor();
    await page.getByRole('link', { name: 'Create an organization' }).click();
    await page.waitForURL(/\/new$/);
    expect(await page.getByTestId('breadcrumb-organization').textContent()).toBe('Create an organization');
    expect(await page.getByTestId('breadcrumb-project').textContent()).toBe('Extend your database');

    // Bad input is explained, not sent.
    await page.getByTestId('create-organization').click();
    await page.getByText('Please provide an organization name').waitFor();
    await page.getByLabel('Name').fill('Onboarding Org');
    // A paid plan needs where its invoices go before anything is sent.
    await page.getByLabel('Plan').selectOption('pro');
    await page.getByTestId('create-organization').click();
    await page.getByText('Please provide the email address invoices go to').waitFor();
    await page.getByLabel('Billing email').fill('billing@example.com');
    await page.getByTestId('create-organization').click();

    await page.waitForURL(/\/new\/[a-z0-9-]+$/);
    const slug = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.getByTestId('breadcrumb-organization').getByText('Organization: Onboarding Org').waitFor();
    expect(await page.getByTestId('breadcrumb-project').textContent()).toBe('Create a new project');
    await page.getByLabel('Project name').fill('Onboarding Project');
    await page.getByLabel('Database password').fill('short');
    await page.getByTestId('create-project').click();
    await page.getByText('Database password must be at least 8 characters').waitFor();
    await page.getByRole('button', { name: 'Generate a password' }).click();
    expect((await page.getByLabel('Database password').inputValue()).length).toBeGreaterThanOrEqual(16);
    await page.getByTestId('create-project').click();

    // The project comes up; its home shows it healthy with its URL and anon key.
    await page.waitForURL(/\/project\/[a-z]{20}/);
    const ref = /\/project\/([a-z]{20})/.exec(page.url())?.[1] ?? '';
    expect(ref).toMatch(/^[a-z]{20}$/);
    const status = page.getByTestId('project-status');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="project-status"]')?.getAttribute('data-status') === 'ACTIVE_HEALTHY',
      undefined,
      { timeout: 30_000 },
    );
    expect(await status.textContent()).toBe('Healthy');
    await page.waitForURL(new RegExp(`/project/${ref}$`));
    await page.getByTestId('project-url').waitFor();
    expect(await page.getByTestId('project-url').textContent()).toBe(`${platform.url}/p/${ref}`);
    expect(await page.getByTestId('anon-key').textContent()).toMatch(/^ey[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await page.getByTestId('project-name').textContent()).toBe('Onboarding Project');

    // The project is listed under its organisation.
    await page.getByRole('link', { name: 'All projects' }).click();
    await page.waitForURL(/\/projects$/);
    const card = page.getByTestId(`project-card-${ref}`);
    await card.waitFor();
    expect(await page.getByTestId(`organization-${slug}`).getByTestId(`project-status-${ref}`).getAttribute('data-status')).toBe(
      'ACTIVE_HEALTHY',
    );

    // Sign out from the account menu lands on /sign-in, and protected pages stay closed.
    await card.click();
    await page.getByTestId('project-url').waitFor();
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
    expect(new URL(page.url()).search).toBe('');
    await page.goto(`/project/${ref}`);
    await page.waitForURL(/\/sign-in\?returnTo=/);

    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('shows the error message of a failed sign-in', async () => {
    const { context, page } = await newPage();
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(`nobody-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const error = page.getByTestId('sign-in-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('Invalid login credentials');
    expect(new URL(page.url()).pathname).toBe('/sign-in');

    // Empty fields are caught before any call.
    await page.getByLabel('Email').fill('');
    await page.getByLabel('Password').fill('');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await context.close();
  }, 60_000);
});
