/**
 * The storage policies page end to end, in a real browser against a real platform: the empty
 * states, a bucket made through the platform API, a policy from the "own folder" template for
 * SELECT and INSERT (validation, review, save), its two rows under the bucket, and then the real
 * data plane: a user signed up on the project's /auth/v1 may upload into their own folder only.
 * Deleting the INSERT policy takes that right away again.
 */
import { createClient } from '@supabase/supabase-js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail, type ApiClient } from '../../platform/test/support/client.ts';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { bucketNameHash } from '../src/features/storage-policies/storage-policy-form.ts';
import { ensureStudioBuilt, launchChromium, newPage, signInThroughUi } from './support/browser.ts';
import { createActiveProject } from './support/projects.ts';

const PASSWORD = 'correct-horse-battery-staple';
const BUCKET = 'user-files';
const TEMPLATE = 'Give users access to their own top level folder named after their user id';
const POLICY = 'Give users access to own folder';

/** Node 20 has no WebSocket; storage never opens realtime, so a stand-in that refuses is enough. */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used here');
  }
}
type RealtimeTransport = NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport'];

const SCREENSHOTS = process.env.PLINTH_E2E_SCREENSHOTS;

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

async function createProject(api: ApiClient): Promise<string> {
  return (await createActiveProject(api, { organization: 'Storage Policies Org', project: 'Storage Policies' })).ref;
}

/** A user of the project itself (not of the platform), signed up on its /auth/v1 with supabase-js. */
async function projectUser(api: ApiClient, ref: string) {
  const settings = (await api.get(`/api/platform/props/project/${ref}/settings`)).body;
  const client = createClient(settings.autoApiService.endpoint, settings.autoApiService.defaultApiKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoWebSocket as unknown as RealtimeTransport },
  });
  const { data, error } = await client.auth.signUp({ email: uniqueEmail('storage-user'), password: PASSWORD });
  expect(error).toBeNull();
  expect(data.session).not.toBeNull();
  return { client, userId: data.user!.id };
}

describe('storage policies page', () => {
  it('adds a template policy for SELECT and INSERT, and the data plane enforces it', async () => {
    const email = uniqueEmail('storage-policies');
    const { api } = await signUp(platform.url, email, PASSWORD);
    const ref = await createProject(api);
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, email, PASSWORD, `/project/${ref}/storage/policies`);

    // No bucket yet: the placeholder, and the two storage tables' groups, empty.
    await page.getByRole('heading', { name: 'Storage policies' }).waitFor();
    await page.getByTestId('storage-policies-no-buckets').getByText('Create a bucket first to start writing policies!').waitFor();
    await page.getByTestId('storage-policies-other-objects').getByText('No policies created yet').waitFor();
    await page.getByTestId('storage-policies-buckets-table').getByText('No policies created yet').waitFor();

    const created = await api.post(`/api/platform/storage/${ref}/buckets`, { id: BUCKET, public: false, file_size_limit: null, allowed_mime_types: null });
    expect(created.status).toBeLessThan(300);
    await page.reload();
    const group = page.getByTestId(`storage-policies-bucket-${BUCKET}`);
    await group.getByText('No policies created yet').waitFor();
    expect(await page.getByTestId('storage-policies-no-buckets').count()).toBe(0);

    // The editor: selection, templates, then the filled form.
    await group.getByRole('button', { name: 'New policy' }).click();
    const dialog = page.getByTestId('storage-policy-editor');
    await dialog.getByRole('heading', { name: `Adding new policy to ${BUCKET}` }).waitFor();
    await dialog.getByTestId('policy-from-template').click();
    await dialog.getByRole('heading', { name: 'Select a template to use for your new policy' }).waitFor();
    await dialog.getByRole('button', { name: TEMPLATE }).click();
    expect(await dialog.getByTestId('policy-template-statement').textContent()).toContain(`bucket_id = '${BUCKET}'`);
    await dialog.getByTestId('policy-use-template').click();
    await dialog.getByRole('heading', { name: `Adding new policy to ${BUCKET}` }).waitFor();
    const name = dialog.getByTestId('storage-policy-name-input');
    expect(await name.inputValue()).toBe(POLICY);
    const definition = "bucket_id = 'user-files' AND (select auth.uid()::text) = (storage.foldername(name))[1]";
    expect(await dialog.getByTestId('storage-policy-definition-input').inputValue()).toBe(definition);

    // The review checks, in order, with the spec's words.
    await name.fill('');
    await dialog.getByTestId('storage-policy-review').click();
    await dialog.getByTestId('storage-policy-notice').getByText('Do give your policy a name').waitFor();
    await name.fill('x'.repeat(60));
    expect(await name.inputValue()).toBe('x'.repeat(50));
    await name.fill(POLICY);
    await dialog.getByTestId('storage-policy-review').click();
    await dialog.getByTestId('storage-policy-notice').getByText('You will need to allow at least one operation in your policy').waitFor();

    await dialog.getByRole('checkbox', { name: 'SELECT', exact: true }).check();
    await dialog.getByRole('checkbox', { name: 'INSERT', exact: true }).check();
    await dialog.getByTestId('policy-roles').getByRole('checkbox', { name: 'authenticated', exact: true }).check();
    const methods = dialog.getByTestId('storage-policy-client-methods');
    expect(await methods.locator('[data-allowed="true"]').allTextContents()).toEqual(['upload', 'download', 'list', 'copy', 'createSignedUrl', 'createSignedUrls', 'getPublicUrl']);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/storage-policy-editor.png` });

    await dialog.getByTestId('storage-policy-review').click();
    await dialog.getByRole('heading', { name: `Reviewing policies to be created for ${BUCKET}` }).waitFor();
    const names = [0, 1].map((index) => `${POLICY} ${bucketNameHash(BUCKET)}_${index}`);
    expect(await dialog.getByTestId('storage-policy-review-sql-SELECT').textContent()).toBe(
      `CREATE POLICY "${names[0]}" ON "storage"."objects" AS PERMISSIVE FOR SELECT TO "authenticated" USING (${definition});`,
    );
    expect(await dialog.getByTestId('storage-policy-review-sql-INSERT').textContent()).toBe(
      `CREATE POLICY "${names[1]}" ON "storage"."objects" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (${definition});`,
    );
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/storage-policy-review.png` });
    await dialog.getByTestId('storage-policy-save').click();
    await page.getByText('Successfully saved policy!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    for (const policyName of names) await group.getByTestId(`policy-row-${policyName}`).waitFor();
    expect(await group.getByTestId('storage-policies-footer').textContent()).toBe(`2 policies in ${BUCKET}`);

    // The real data plane: the user's own folder only.
    const { client, userId } = await projectUser(api, ref);
    const own = await client.storage.from(BUCKET).upload(`${userId}/a.txt`, new Blob(['mine'], { type: 'text/plain' }));
    expect(own.error).toBeNull();
    const other = await client.storage.from(BUCKET).upload('other/a.txt', new Blob(['theirs'], { type: 'text/plain' }));
    expect(other.error?.message).toMatch(/row-level security/);
    // SELECT: the user reads their file back; the owner's explorer listing shows only it landed.
    const downloaded = await client.storage.from(BUCKET).download(`${userId}/a.txt`);
    expect(await downloaded.data?.text()).toBe('mine');
    const listed = await api.post(`/api/platform/storage/${ref}/buckets/${BUCKET}/objects/list`, { path: '', options: { limit: 100, offset: 0, search: '', sortBy: { column: 'name', order: 'asc' } } });
    expect(listed.body.map((item: { name: string }) => item.name)).toEqual([userId]);

    // Delete the INSERT policy: its row goes, and so does the right to upload.
    await group.getByTestId(`policy-row-${names[1]}`).getByRole('button', { name: `Actions for policy ${names[1]}` }).click();
    await page.getByRole('menuitem', { name: 'Delete policy' }).click();
    await page.getByTestId('policy-delete-dialog').getByRole('button', { name: 'Delete policy' }).click();
    await page.getByText('Successfully deleted policy!').waitFor();
    await group.getByTestId(`policy-row-${names[1]}`).waitFor({ state: 'detached' });
    expect(await group.getByTestId('storage-policies-footer').textContent()).toBe(`1 policy in ${BUCKET}`);
    const again = await client.storage.from(BUCKET).upload(`${userId}/b.txt`, new Blob(['more'], { type: 'text/plain' }));
    expect(again.error?.message).toMatch(/row-level security/);

    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/storage-policies.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);

  it('groups policies tied to no bucket and policies on storage.buckets', async () => {
    const email = uniqueEmail('storage-groups');
    const { api } = await signUp(platform.url, email, PASSWORD);
    const ref = await createProject(api);
    expect((await api.post(`/api/platform/storage/${ref}/buckets`, { id: 'avatars', public: true, file_size_limit: null, allowed_mime_types: null })).status).toBeLessThan(300);
    for (const policy of [
      { table: 'objects', name: 'Anyone lists avatars', definition: "bucket_id = 'avatars'" },
      { table: 'objects', name: 'Gone bucket', definition: "bucket_id = 'deleted-long-ago'" },
      { table: 'buckets', name: 'Anyone sees buckets', definition: 'true' },
    ]) {
      const response = await api.post(`/api/platform/pg-meta/${ref}/policies`, { schema: 'storage', command: 'SELECT', ...policy });
      expect({ name: policy.name, isCreated: response.status < 300 }).toEqual({ name: policy.name, isCreated: true });
    }

    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, email, PASSWORD, `/project/${ref}/storage/policies`);
    const bucketGroup = page.getByTestId('storage-policies-bucket-avatars');
    await bucketGroup.getByTestId('policy-row-Anyone lists avatars').waitFor();
    await bucketGroup.getByText('Public', { exact: true }).waitFor();
    expect(await bucketGroup.getByTestId('storage-policies-footer').textContent()).toBe('1 policy in avatars');
    const other = page.getByTestId('storage-policies-other-objects');
    await other.getByText('Other policies under storage.objects').waitFor();
    await other.getByText('Ungrouped').waitFor();
    await other.getByTestId('policy-row-Gone bucket').waitFor();
    expect(await other.getByTestId('storage-policies-footer').textContent()).toBe('1 policy that are not tied to any buckets');
    const bucketsTable = page.getByTestId('storage-policies-buckets-table');
    await bucketsTable.getByTestId('policy-row-Anyone sees buckets').waitFor();
    expect(await bucketsTable.getByTestId('storage-policies-footer').textContent()).toBe('1 policy that target your buckets');

    // 'New policy' on a table group opens the table policy editor on that table.
    await bucketsTable.getByRole('button', { name: 'New policy' }).click();
    await page.getByTestId('policy-editor').getByRole('heading', { name: 'Adding new policy to storage.buckets' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);
});
