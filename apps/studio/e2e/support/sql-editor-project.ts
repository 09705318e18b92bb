/**
 * Shared set-up for the table editor and SQL editor specs (and the results benchmark): a user with
 * an organisation and a healthy project made through the API, Chromium, and a studio page signed
 * in through the real sign-in form.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ApiClient, signUp, waitForStatus } from '../../../platform/test/support/client.ts';

export const STUDIO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const PASSWORD = 'correct-horse-battery-staple';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function ensureStudioBuilt(): Promise<void> {
  // `npm test` builds the studio first; building here keeps a single spec runnable on its own.
  if (existsSync(`${STUDIO_ROOT}/dist/index.html`)) return;
  const { build } = await import('vite');
  await build({ root: STUDIO_ROOT, logLevel: 'warn' });
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.PLINTH_CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export interface TestProject {
  api: ApiClient;
  email: string;
  ref: string;
  slug: string;
}

/** A new user owning a new organisation with one ACTIVE_HEALTHY project. */
export async function createUserWithProject(baseUrl: string, label: string): Promise<TestProject> {
  const email = `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const { api } = await signUp(baseUrl, email, PASSWORD);
  const organization = await api.post('/api/platform/organizations', { name: `${label} org` });
  if (organization.status >= 300) throw new Error(`organization: ${JSON.stringify(organization.body)}`);
  const project = await api.post('/api/platform/projects', { name: `${label} project`, organization_slug: organization.body.slug, db_pass: PASSWORD });
  if (project.status >= 300) throw new Error(`project: ${JSON.stringify(project.body)}`);
  await waitForStatus(api, project.body.ref, 'ACTIVE_HEALTHY');
  return { api, email, ref: project.body.ref, slug: organization.body.slug };
}

/** Runs SQL in the project through pg-meta's query endpoint, as the studio does. */
export async function runSql<T = Record<string, unknown>>(project: TestProject, query: string): Promise<T[]> {
  const response = await project.api.post(`/api/platform/pg-meta/${project.ref}/query`, { query });
  if (response.status >= 300) throw new Error(`query failed (${response.status}): ${JSON.stringify(response.body)}`);
  const body = response.body as T[] | { results: { rows: T[] }[] };
  return Array.isArray(body) ? body : (body.results.at(-1)?.rows ?? []);
}

/** A browser context signed in as `email` through the sign-in form; errors thrown in the page are collected. */
export async function signedInPage(browser: Browser, baseUrl: string, email: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/projects$/);
  return { context, page, errors };
}

/**
 * A platform for a spec: a fresh in-process one, or the one already running at
 * PLINTH_E2E_BASE_URL (handy against a development server).
 */
export async function startTestPlatform(): Promise<{ url: string; stop: () => Promise<void> }> {
  const external = process.env.PLINTH_E2E_BASE_URL;
  if (external) return { url: external.replace(/\/$/, ''), stop: async () => undefined };
  const { startPlatform } = await import('../../../platform/test/support/platform.ts');
  const platform = await startPlatform();
  return { url: platform.url, stop: () => platform.stop() };
}
