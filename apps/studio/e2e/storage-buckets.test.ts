/**
 * The storage area's buckets and settings end to end, in a real browser against a real platform:
 * create a bucket through the modal (after its validation refuses bad names), see it in the sidebar
 * with its Public badge, change the global upload limit, make the bucket private, then delete it by
 * typing its name — its files and its storage.objects policies go with it. A Read-only member sees
 * the permission states, and a free project's upload limit is locked behind the upgrade prompt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { supabaseClient } from '../../platform/test/storage/harness.ts';
import { signUp, uniqueEmail, type ApiClient } from '../../platform/test/support/client.ts';
import { ensureStudioBuilt, expectDisabledWithTooltip, launchChromium, newPage, screenshotter, signInThroughUi } from './support/browser.ts';
import { createActiveProject } from './support/projects.ts';

const PASSWORD = 'correct-horse-battery-staple';
const MB = 1024 * 1024;

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;

beforeAll(async () => {
  await ensureStudioBuilt();
  platform = await startPlatform();
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
}, 60_000);

async function createProject(api: ApiClient, plan: string): Promise<{ ref: string; slug: string }> {
  return createActiveProject(api, { organization: 'Storage Org', project: 'Storage Project' }, plan);
}

async function sql<T = Record<string, unknown>>(api: ApiClient, ref: string, query: string): Promise<T[]> {
  const response = await api.post(`/api/platform/pg-meta/${ref}/query`, { query });
  if (response.status >= 300) throw new Error(`query failed (${response.status}): ${JSON.stringify(response.body)}`);
  return response.body as T[];
}

const shot = screenshotter('storage');


async function createBucketInUi(page: Page, ref: string): Promise<void> {
  const sidebar = page.getByTestId('storage-sidebar');
  await sidebar.getByText('No buckets available').waitFor();
  await sidebar.getByText('Buckets that you create will appear here').waitFor();
  await page.getByTestId('storage-no-bucket').getByText('Select a bucket').waitFor();

  await sidebar.getByRole('button', { name: 'New bucket' }).click();
  const dialog = page.getByTestId('create-bucket-dialog');
  await dialog.getByRole('heading', { name: 'Create storage bucket' }).waitFor();
  const name = dialog.getByTestId('bucket-name-input');
  // Validation first: nothing is sent while the name is refused.
  await dialog.getByTestId('bucket-save').click();
  await dialog.getByText('Please provide a name for your bucket').waitFor();
  await name.fill('public');
  await dialog.getByText('"public" is a reserved name. Please choose another name').waitFor();
  await name.fill('photos ');
  await dialog.getByText('The name of the bucket cannot end with a whitespace').waitFor();
  await dialog.getByTestId('bucket-save').click();
  await dialog.getByText('The name of the bucket cannot end with a whitespace').waitFor();

  await name.fill('photos');
  await dialog.getByTestId('bucket-public-toggle').click();
  await dialog.getByTestId('bucket-size-limit-toggle').click();
  await dialog.getByTestId('bucket-size-limit-input').fill('2x');
  expect(await dialog.getByTestId('bucket-size-limit-input').inputValue()).toBe('2');
  await dialog.getByTestId('bucket-size-limit-unit').selectOption('MB');
  // The Pro plan's own upload limit, which overrides the bucket's.
  await dialog.getByTestId('bucket-global-limit-note').getByText(/global upload limit/).waitFor();
  expect(await dialog.getByTestId('bucket-global-limit-note').textContent()).toContain('of 5 GB');
  await dialog.getByTestId('bucket-mime-types-input').fill(' image/png , image/* ');
  await shot(page, 'create-dialog');
  await dialog.getByTestId('bucket-save').click();

  await page.getByText('Successfully created bucket photos').waitFor();
  await page.waitForURL((url) => url.pathname === `/project/${ref}/storage/buckets/photos`);
  await dialog.waitFor({ state: 'detached' });
  const row = sidebar.getByTestId('bucket-row-photos');
  await row.getByText('Public', { exact: true }).waitFor();
  // The sidebar marks it as the current page once it re-renders for the new route.
  await row.locator('a[aria-current="page"]').waitFor();
}

async function changeUploadLimit(page: Page, ref: string): Promise<void> {
  await page.goto(`/project/${ref}/settings/storage`);
  await page.getByRole('heading', { name: 'Storage Settings' }).waitFor();
  await page.getByText("Configure your project's storage settings").waitFor();
  const input = page.getByTestId('upload-limit-input');
  const unit = page.getByTestId('upload-limit-unit');
  const save = page.getByTestId('storage-settings-save');
  await expect.poll(() => input.inputValue()).toBe('5');
  expect(await unit.inputValue()).toBe('GB');
  expect(await save.isDisabled()).toBe(true);

  await input.fill('6');
  await page.getByText('Maximum limit is up to 5 GB.').waitFor();
  // The maximum follows the unit.
  await unit.selectOption('MB');
  await page.getByText('Maximum limit is up to 5 GB.').waitFor({ state: 'detached' });
  await input.fill('6000');
  await page.getByText('Maximum limit is up to 5,120 MB.').waitFor();
  await shot(page, 'settings-error');
  await input.fill('100');
  await page.getByText('Equivalent to 104,857,600 bytes.', { exact: false }).waitFor();
  await save.click();
  await page.getByText('Successfully updated storage settings').waitFor();
  await page.reload();
  await expect.poll(() => page.getByTestId('upload-limit-input').inputValue()).toBe('100');
  expect(await page.getByTestId('upload-limit-unit').inputValue()).toBe('MB');
  expect(await page.getByTestId('storage-settings-save').isDisabled()).toBe(true);
}

async function makeBucketPrivate(page: Page, ref: string): Promise<void> {
  await page.goto(`/project/${ref}/storage/buckets/photos`);
  const row = page.getByTestId('bucket-row-photos');
  await row.getByTestId('bucket-menu').click();
  await page.getByRole('menuitem', { name: 'Edit bucket' }).click();
  const dialog = page.getByTestId('edit-bucket-dialog');
  await dialog.getByRole('heading', { name: 'Edit bucket "photos"' }).waitFor();
  // The bucket as it is: 2 MB, its MIME types, and the new global limit in the note.
  expect(await dialog.getByTestId('bucket-size-limit-input').inputValue()).toBe('2');
  expect(await dialog.getByTestId('bucket-mime-types-input').inputValue()).toBe('image/png, image/*');
  expect(await dialog.getByTestId('bucket-global-limit-note').textContent()).toContain('of 100 MB');
  await dialog.getByTestId('bucket-public-toggle').click();
  await dialog.getByTestId('bucket-access-warning').getByText('Making bucket private').waitFor();
  await shot(page, 'edit-dialog');
  await dialog.getByTestId('bucket-save').click();
  await page.getByText('Successfully updated bucket "photos"').waitFor();
  await dialog.waitFor({ state: 'detached' });
  await row.getByText('Public', { exact: true }).waitFor({ state: 'detached' });
}

async function deleteBucketInUi(page: Page, ref: string): Promise<void> {
  await page.getByTestId('bucket-row-photos').getByTestId('bucket-menu').click();
  await page.getByRole('menuitem', { name: 'Delete bucket' }).click();
  const dialog = page.getByTestId('delete-bucket-dialog');
  await dialog.getByText('This action cannot be undone.').waitFor();
  await dialog.getByText('You cannot recover this bucket once it is deleted.').waitFor();
  const confirm = dialog.getByRole('button', { name: 'Delete bucket' });
  await confirm.click();
  await dialog.getByText('Enter the required value.').waitFor();
  await dialog.getByTestId('confirm-value-input').fill('photo');
  await dialog.getByText('Value entered does not match.').waitFor();
  await shot(page, 'delete-dialog');
  await dialog.getByTestId('confirm-value-input').fill('photos');
  await confirm.click();
  await page.getByText('Successfully deleted bucket photos').waitFor();
  await page.waitForURL((url) => url.pathname === `/project/${ref}/storage/buckets`);
  await page.getByTestId('storage-sidebar').getByText('No buckets available').waitFor();
}

describe('storage buckets and settings', () => {
  let owner: Awaited<ReturnType<typeof signUp>>;
  let project: { ref: string; slug: string };

  beforeAll(async () => {
    owner = await signUp(platform.url, uniqueEmail('storage'), PASSWORD);
    project = await createProject(owner.api, 'team');
  }, 120_000);

  it('creates, edits and deletes a bucket, and changes the upload limit', async () => {
    const { ref } = project;
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, owner.email, PASSWORD, `/project/${ref}/storage/buckets`);

    await createBucketInUi(page, ref);
    const created = await owner.api.get(`/api/platform/storage/${ref}/buckets`);
    expect(created.body).toEqual([
      expect.objectContaining({ id: 'photos', name: 'photos', public: true, file_size_limit: 2 * MB, allowed_mime_types: ['image/png', 'image/*'] }),
    ]);

    await changeUploadLimit(page, ref);
    expect((await owner.api.get(`/api/platform/projects/${ref}/config/storage`)).body).toMatchObject({ fileSizeLimit: 100 * MB, isFreeTier: false });

    await makeBucketPrivate(page, ref);
    expect((await owner.api.get(`/api/platform/storage/${ref}/buckets`)).body[0]).toMatchObject({ public: false, file_size_limit: 2 * MB });

    // A file in the bucket (through the official client) and policies: one for this bucket, one not.
    const settings = await owner.api.get(`/api/platform/props/project/${ref}/settings`);
    const client = supabaseClient(settings.body.autoApiService.endpoint, settings.body.autoApiService.serviceApiKey);
    const upload = await client.storage.from('photos').upload('cats/tom.png', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }));
    expect(upload.error).toBeNull();
    await sql(owner.api, ref, `create policy "photos read" on storage.objects for select using (bucket_id = 'photos')`);
    await sql(owner.api, ref, `create policy "photos-old read" on storage.objects for select using (bucket_id = 'photos-old')`);

    await deleteBucketInUi(page, ref);
    expect((await owner.api.get(`/api/platform/storage/${ref}/buckets`)).body).toEqual([]);
    expect(await sql(owner.api, ref, 'select count(*)::int as n from storage.objects')).toEqual([{ n: 0 }]);
    const policies = await sql<{ policyname: string }>(owner.api, ref, "select policyname from pg_policies where schemaname = 'storage' order by 1");
    expect(policies.map((p) => p.policyname)).toEqual(['photos-old read']);

    await shot(page, 'after-delete');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('shows a Read-only member the permission states, and the server refuses them', async () => {
    const { ref, slug } = project;
    expect((await owner.api.post(`/api/platform/storage/${ref}/buckets`, { id: 'shared', public: true })).status).toBeLessThan(300);
    const email = uniqueEmail('storage-readonly');
    const member = await signUp(platform.url, email, PASSWORD);
    expect((await owner.api.post(`/api/organizations/${slug}/members/invitations`, { email, role: 'Read-only' })).status).toBe(200);
    const invitations = await member.api.get('/api/profile/invitations');
    expect((await member.api.post(`/api/organizations/${slug}/members/invitations/${invitations.body[0].id}/accept`)).status).toBe(200);

    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, email, PASSWORD, `/project/${ref}/storage/buckets/shared`);
    const row = page.getByTestId('bucket-row-shared');
    await row.getByText('Public', { exact: true }).waitFor();
    expect(await row.getByTestId('bucket-menu').count()).toBe(0);
    await shot(page, 'read-only');
    await expectDisabledWithTooltip(page, 'You need additional permissions to create buckets');

    await page.goto(`/project/${ref}/settings/storage`);
    await page.getByTestId('storage-settings-no-permission').getByText('You need additional permissions to update storage settings').waitFor();
    await page.getByTestId('upload-limit-input').fill('1');
    await expectDisabledWithTooltip(page, 'You need additional permissions to update storage settings');

    const refused = await member.api.post(`/api/platform/storage/${ref}/buckets`, { id: 'mine' });
    expect(refused.status).toBe(403);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it("locks a free project's upload limit behind the upgrade prompt", async () => {
    const email = uniqueEmail('storage-free');
    const { api } = await signUp(platform.url, email, PASSWORD);
    const { ref, slug } = await createProject(api, 'free');
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, email, PASSWORD, `/project/${ref}/settings/storage`);

    const input = page.getByTestId('upload-limit-input');
    await expect.poll(() => input.inputValue()).toBe('50');
    expect(await page.getByTestId('upload-limit-unit').inputValue()).toBe('MB');
    expect(await input.isDisabled()).toBe(true);
    expect(await page.getByTestId('upload-limit-unit').isDisabled()).toBe(true);
    const prompt = page.getByTestId('storage-upgrade-prompt');
    await prompt.getByText('Upgrade to the Pro plan for a configurable upload file size limit of up to 5 GB').waitFor();
    expect(await prompt.getByRole('link').getAttribute('href')).toBe(`/org/${slug}/billing?panel=subscriptionPlan`);
    expect(await page.getByTestId('storage-settings-save').isDisabled()).toBe(true);
    await shot(page, 'free-plan');

    // The server holds the line too.
    const refused = await api.post(`/api/platform/projects/${ref}/config/storage`, { fileSizeLimit: 10 * MB });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.body.message).toBe('Upgrade to the Pro plan for a configurable upload file size limit of up to 5 GB');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
