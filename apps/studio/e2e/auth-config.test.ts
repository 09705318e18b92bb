/**
 * The Authentication configuration pages end to end, in a real browser against a real platform:
 * URL Configuration (site URL, redirect allow-list), Email Templates (a subject that survives a
 * reload, the sandboxed preview, the unsaved-changes guard), Providers (anonymous sign-ins, which
 * supabase-js can then use; GitHub with its write-only secret; a refusal from the server shown in
 * the form) and Settings > Authentication (password length, which sign-ups then obey; SMTP rules; an
 * access-token hook; SAML on the free plan). A Developer sees every form disabled and the server refuses them.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { supabaseClient } from '../../platform/test/storage/harness.ts';
import { signUp, uniqueEmail, type ApiClient } from '../../platform/test/support/client.ts';
import { ensureStudioBuilt, expectDisabledWithTooltip, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';
import { createActiveProject } from './support/projects.ts';

const PASSWORD = 'correct-horse-battery-staple';
const NO_PERMISSION = 'You need additional permissions to update auth configuration';

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let owner: Awaited<ReturnType<typeof signUp>>;
let project: { ref: string; slug: string };

beforeAll(async () => {
  await ensureStudioBuilt();
  platform = await startPlatform();
  browser = await launchChromium();
  owner = await signUp(platform.url, uniqueEmail('auth-config-owner'), PASSWORD);
  project = await createActiveProject(owner.api, { organization: 'Auth Config Org', project: 'Auth Config Project' });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
}, 60_000);

async function authConfig(api: ApiClient): Promise<Record<string, any>> {
  const response = await api.get(`/api/platform/projects/${project.ref}/config/auth`);
  expect(response.status).toBe(200);
  return response.body;
}

async function anonKey(api: ApiClient): Promise<string> {
  return (await api.get(`/api/props/project/${project.ref}/settings`)).body.autoApiService.defaultApiKey as string;
}

const shot = screenshotter('auth-config', { fullPage: true });

async function openSignedIn(path: string, email = owner.email) {
  const session = await newPage(browser, platform.url);
  onTestFailed(() => shot(session.page, 'failed'));
  await signInThroughUi(session.page, email, PASSWORD, path);
  return session;
}

describe('Authentication configuration pages', () => {
  it('sets the site URL and keeps a redirect allow-list', async () => {
    const { context, page, errors } = await openSignedIn(`/project/${project.ref}/auth/url-configuration`);
    const siteForm = page.getByTestId('site-url-form');
    await siteForm.getByTestId('site-url-input').fill('app.example.com');
    await siteForm.getByTestId('site-url-form-save').click();
    await siteForm.getByText('Must be a valid URL').waitFor();
    await siteForm.getByTestId('site-url-input').fill('https://app.example.com');
    await siteForm.getByTestId('site-url-form-save').click();
    await page.getByText('Successfully updated site URL').waitFor();
    expect((await authConfig(owner.api)).site_url).toBe('https://app.example.com');

    const panel = page.getByTestId('redirect-urls-panel');
    await panel.getByTestId('redirect-urls-empty').getByText('No Redirect URLs').waitFor();
    for (const url of ['https://*.example.com/**', 'http://localhost:3000/**']) {
      await panel.getByTestId('add-redirect-url').click();
      const dialog = page.getByTestId('add-redirect-url-dialog');
      await dialog.getByTestId('redirect-url-input').fill(url.replace(/^\w+:\/\//, ''));
      await dialog.getByText('is not a URL (it needs a scheme, such as https://)', { exact: false }).waitFor();
      await dialog.getByTestId('redirect-url-input').fill(url);
      await dialog.getByTestId('redirect-url-save').click();
      await dialog.waitFor({ state: 'detached' });
      await panel.getByText(url, { exact: true }).waitFor();
    }
    expect((await authConfig(owner.api)).uri_allow_list).toBe('https://*.example.com/**,http://localhost:3000/**');
    await shot(page, 'url-configuration');

    await panel.getByRole('button', { name: 'Remove https://*.example.com/**' }).click();
    await page.getByTestId('remove-redirect-url-dialog').getByRole('button', { name: 'Remove URL' }).click();
    await page.getByText('Successfully removed URL').waitFor();
    await expect.poll(async () => (await authConfig(owner.api)).uri_allow_list).toBe('http://localhost:3000/**');
    expect(await panel.getByTestId('redirect-url-row').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('edits a template subject that survives a reload, guarding unsaved changes', async () => {
    const { context, page, errors } = await openSignedIn(`/project/${project.ref}/auth/templates`);
    const form = page.getByTestId('templates-form');
    await form.getByRole('tab', { name: 'Magic Link' }).click();
    const editor = page.getByTestId('template-editor-magic_link');
    expect(await editor.getByTestId('template-subject-input').inputValue()).toBe('Your sign-in link');
    // The preview is sandboxed (no scripts) and fills the variables with samples.
    expect(await editor.getByTestId('template-preview').getAttribute('sandbox')).toBe('');
    await editor.getByTestId('template-body-input').fill('<p>Hello {{ .Email }}</p><a href="{{ .ConfirmationURL }}">Sign in</a><script>parent.document.title = "owned"</script>');
    await expect.poll(() => editor.getByTestId('template-preview').getAttribute('srcdoc')).toContain('<p>Hello user@example.com</p>');
    await editor.getByTestId('template-subject-input').fill('Your Plinth sign-in link');
    await form.getByRole('tab', { name: /Magic Link.*modified/ }).waitFor();

    // Leaving with unsaved edits asks first; "Keep editing" stays.
    await page.getByRole('link', { name: 'URL Configuration' }).click();
    const discard = page.getByTestId('auth-config-discard-dialog');
    await discard.getByText('There are unsaved changes.', { exact: false }).waitFor();
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    expect(new URL(page.url()).pathname).toBe(`/project/${project.ref}/auth/templates`);
    expect(await page.title()).not.toBe('owned');

    await form.getByTestId('templates-form-save').click();
    await page.getByText('Successfully updated email templates').waitFor();
    await form.getByTestId('templates-form-unsaved').waitFor({ state: 'detached' });
    await shot(page, 'templates');
    await page.reload();
    await page.getByTestId('templates-form').getByRole('tab', { name: 'Magic Link' }).click();
    expect(await page.getByTestId('template-subject-input').inputValue()).toBe('Your Plinth sign-in link');
    const config = await authConfig(owner.api);
    expect(config.mailer_subjects_magic_link).toBe('Your Plinth sign-in link');
    expect(config.mailer_templates_magic_link_content).toContain('<p>Hello {{ .Email }}</p>');
    // Nothing else was sent.
    expect(config.mailer_subjects_confirmation).toBe('Confirm your sign-up');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('enables anonymous sign-ins and GitHub, and shows what the server refuses', async () => {
    const client = supabaseClient(`${platform.url}/p/${project.ref}`, await anonKey(owner.api));
    expect((await client.auth.signInAnonymously()).error).not.toBeNull();

    const { context, page, errors } = await openSignedIn(`/project/${project.ref}/auth/providers`);
    await page.getByTestId('provider-row-phone').getByText('Unavailable').waitFor();
    // "Confirm email" is mailer_autoconfirm turned around: off on a fresh project, on once saved.
    const emailRow = page.getByTestId('provider-row-email');
    await emailRow.getByRole('button', { name: /^Email/ }).click();
    const confirmEmail = emailRow.getByTestId('confirm-email-switch');
    expect(await confirmEmail.getAttribute('aria-checked')).toBe('false');
    await confirmEmail.click();
    await shot(page, 'providers-email');
    await emailRow.getByTestId('email-provider-form-save').click();
    await page.getByText('Successfully updated the email provider').waitFor();
    expect((await authConfig(owner.api)).mailer_autoconfirm).toBe(false);
    const anonymous = page.getByTestId('provider-row-anonymous');
    await anonymous.getByRole('button', { name: /Anonymous Sign-Ins/ }).click();
    await anonymous.getByTestId('anonymous-enabled-switch').click();
    await anonymous.getByTestId('anonymous-provider-form-save').click();
    await page.getByText('Successfully updated anonymous sign-ins').waitFor();
    await anonymous.getByText('Enabled', { exact: true }).waitFor();
    expect((await authConfig(owner.api)).external_anonymous_users_enabled).toBe(true);
    const signedIn = await client.auth.signInAnonymously();
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.is_anonymous).toBe(true);

    const github = page.getByTestId('provider-row-github');
    await github.getByRole('button', { name: /GitHub/ }).click();
    expect(await github.getByTestId('callback-url').inputValue()).toBe(`${platform.url}/p/${project.ref}/auth/v1/callback`);
    await github.getByTestId('provider-github-enabled').click();
    await github.getByTestId('provider-github-form-save').click();
    await github.getByText('A client ID is required to enable this provider').waitFor();
    await github.getByText('A client secret is required to enable this provider').waitFor();
    // Over the contract's length, which only the server checks: its refusal shows in the form.
    await github.getByTestId('provider-github-client-id').fill('x'.repeat(501));
    await github.getByTestId('provider-github-secret').fill('github-client-secret');
    await github.getByTestId('provider-github-form-save').click();
    await github.getByTestId('provider-github-form-error').waitFor();
    expect((await authConfig(owner.api)).external_github_enabled).toBe(false);

    await github.getByTestId('provider-github-client-id').fill('github-client-id');
    await github.getByTestId('provider-github-form-save').click();
    await page.getByText('Successfully updated GitHub').waitFor();
    await github.getByText('Enabled', { exact: true }).waitFor();
    // Write-only: stored, never read back, and the box says so.
    expect(await github.getByTestId('provider-github-secret').inputValue()).toBe('');
    expect(await github.getByTestId('provider-github-secret').getAttribute('data-secret-state')).toBe('set');
    const config = await authConfig(owner.api);
    expect(config).toMatchObject({ external_github_enabled: true, external_github_client_id: 'github-client-id', external_github_secret: null });
    expect(config.secrets_set.external_github_secret).toBe(true);
    await shot(page, 'providers');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('sets the password length that sign-ups then obey, and checks SMTP and SAML', async () => {
    const { context, page, errors } = await openSignedIn(`/project/${project.ref}/settings/auth`);
    const password = page.getByTestId('password-policy-form');
    await password.getByTestId('password-min-length-input').fill('4');
    await password.getByText('Must be at least 6').waitFor();
    await password.getByTestId('password-min-length-input').fill('10');
    await password.getByTestId('password-policy-form-save').click();
    await page.getByText('Successfully updated password settings').waitFor();
    expect((await authConfig(owner.api)).password_min_length).toBe(10);
    await page.reload();
    expect(await page.getByTestId('password-min-length-input').inputValue()).toBe('10');
    const client = supabaseClient(`${platform.url}/p/${project.ref}`, await anonKey(owner.api));
    const refused = await client.auth.signUp({ email: uniqueEmail('short'), password: 'nine-char' });
    expect(refused.error?.message).toContain('Password should be at least 10 characters');

    const smtp = page.getByTestId('smtp-form');
    await smtp.getByTestId('smtp-mail-catcher-note').getByRole('link', { name: 'Mail Inbox' }).waitFor();
    await smtp.getByTestId('smtp-enabled-switch').click();
    await smtp.getByTestId('smtp-form-save').click();
    await smtp.getByText('The sender email address is required when SMTP is enabled').waitFor();
    await smtp.getByText('Must be a port number').waitFor();
    await smtp.getByRole('button', { name: 'Cancel' }).click();
    await smtp.getByTestId('smtp-mail-catcher-note').waitFor();

    // A hook calls a function of the project, picked or typed; the URI is built from both.
    const created = await owner.api.post(`/api/platform/pg-meta/${project.ref}/query`, {
      query: 'create function public.custom_claims(event jsonb) returns jsonb language sql stable as $$ select event $$',
    });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const hook = page.getByTestId('hook-custom-access-token');
    await hook.getByTestId('hook-custom-access-token-switch').click();
    await page.getByTestId('hooks-form-save').click();
    await hook.getByText('Choose a function').waitFor();
    await hook.getByTestId('hook-custom-access-token-function').fill('custom_claims');
    expect(await hook.getByTestId('hook-custom-access-token-uri').textContent()).toBe('pg-functions://postgres/public/custom_claims');
    await page.getByTestId('hooks-form-save').click();
    await page.getByText('Successfully updated auth hooks').waitFor();
    expect(await authConfig(owner.api)).toMatchObject({ hook_custom_access_token_enabled: true, hook_custom_access_token_uri: 'pg-functions://postgres/public/custom_claims' });

    const saml = page.getByTestId('saml-form');
    await saml.getByTestId('saml-upgrade-note').waitFor();
    expect(await saml.getByTestId('saml-enabled-switch').isDisabled()).toBe(true);

    await shot(page, 'settings');
    // Unsaved session edits: leaving asks, and discarding leaves.
    await page.getByTestId('jwt-exp-input').fill('7200');
    await page.getByRole('link', { name: 'API', exact: true }).click();
    await page.getByTestId('auth-config-discard-dialog').getByRole('button', { name: 'Discard changes' }).click();
    await page.waitForURL((url) => url.pathname === `/project/${project.ref}/settings/api`);
    expect((await authConfig(owner.api)).jwt_exp).toBe(3600);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  // A Developer (the free plan has no Read-only role) reads the configuration but may not change it.
  it('shows a member who may not change it the forms disabled, and the server refuses them', async () => {
    const email = uniqueEmail('auth-config-developer');
    const member = await signUp(platform.url, email, PASSWORD);
    const invited = await owner.api.post(`/api/organizations/${project.slug}/members/invitations`, { email, role: 'Developer' });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const invitations = await member.api.get('/api/profile/invitations');
    expect((await member.api.post(`/api/organizations/${project.slug}/members/invitations/${invitations.body[0].id}/accept`)).status).toBe(200);

    const { context, page, errors } = await openSignedIn(`/project/${project.ref}/settings/auth`, email);
    await page.getByTestId('auth-config-no-permission').getByText(NO_PERMISSION).waitFor();
    expect(await page.getByTestId('password-min-length-input').inputValue()).toBe('10');
    expect(await page.getByTestId('password-min-length-input').isDisabled()).toBe(true);
    await expectDisabledWithTooltip(page, NO_PERMISSION, page.getByTestId('sessions-form'));

    await page.goto(`/project/${project.ref}/auth/url-configuration`);
    await page.getByText('http://localhost:3000/**', { exact: true }).waitFor();
    await expectDisabledWithTooltip(page, NO_PERMISSION, page.getByTestId('redirect-urls-panel').locator('header'));

    const refused = await member.api.patch(`/api/platform/projects/${project.ref}/config/auth`, { site_url: 'https://evil.example.com' });
    expect(refused.status).toBe(403);
    expect((await authConfig(owner.api)).site_url).toBe('https://app.example.com');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
