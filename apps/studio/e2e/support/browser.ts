/** Shared set-up of the studio's browser tests: the built studio, a real platform, Debian Chromium. */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const STUDIO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export async function ensureStudioBuilt(): Promise<void> {
  // `npm test` builds the studio first; building here keeps `vitest run apps/studio/e2e` self-sufficient.
  if (existsSync(`${STUDIO_ROOT}/dist/index.html`)) return;
  const { build } = await import('vite');
  await build({ root: STUDIO_ROOT, logLevel: 'warn' });
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export async function newPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Signs in through the studio's own form and lands on `returnTo`. */
export async function signInThroughUi(page: Page, email: string, password: string, returnTo: string): Promise<void> {
  await page.goto(`/sign-in?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByLabel('Email').waitFor({ timeout: 15_000 }).catch(async (error: unknown) => {
    throw new Error(`The sign-in form did not appear at ${page.url()}: ${(await page.content()).slice(0, 2000)}`, { cause: error });
  });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === returnTo.split('?')[0]);
}

/**
 * A disabled control's wrapper (labelled with its tooltip) shows the spec's tooltip on hover. The
 * tooltip is closed again before going on (Escape too: on a loaded machine a pointer leave can be
 * missed), so the next hover meets no stale one.
 */
export async function expectDisabledWithTooltip(page: Page, tooltip: string, scope: Pick<Page, 'getByLabel'> = page): Promise<void> {
  const wrapper = scope.getByLabel(tooltip, { exact: true });
  if (!(await wrapper.locator('button').isDisabled())) throw new Error(`"${tooltip}": the control is not disabled`);
  await wrapper.hover();
  await page.getByRole('tooltip').getByText(tooltip, { exact: true }).waitFor();
  await page.mouse.move(0, 0, { steps: 10 });
  await page.keyboard.press('Escape');
  await page.getByRole('tooltip').waitFor({ state: 'detached' });
}

/** With PLINTH_E2E_SCREENSHOTS set to a folder, `shot(page, name)` saves `{prefix}-{name}.png` there, for reviewing the UI. */
export function screenshotter(prefix: string, options: { fullPage?: boolean } = {}): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    const folder = process.env.PLINTH_E2E_SCREENSHOTS;
    if (folder) await page.screenshot({ path: `${folder}/${prefix}-${name}.png`, fullPage: options.fullPage });
  };
}
