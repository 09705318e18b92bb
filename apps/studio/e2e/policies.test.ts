/**
 * Issue 3 end to end, in a real browser against a real platform: create a table in the database
 * pages, enable RLS on the policies page, add a policy from a template through the side panel
 * (review, a failed save that keeps the input, then a good save), and prove with SQL run as
 * `authenticated` that the policy really filters rows.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { signUp, uniqueEmail, type ApiClient } from '../../platform/test/support/client.ts';
import { ensureStudioBuilt, launchChromium, newPage, signInThroughUi, expectDisabledWithTooltip } from './support/browser.ts';
import { createActiveProject } from './support/projects.ts';

const PASSWORD = 'correct-horse-battery-staple';
const POLICY_NAME = 'Users read own todos';

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

async function createProject(api: ApiClient, plan?: string): Promise<{ ref: string; slug: string }> {
  return createActiveProject(api, { organization: 'Policies Org', project: 'Policies Project' }, plan);
}


async function sql<T = Record<string, unknown>>(api: ApiClient, ref: string, query: string): Promise<T[]> {
  const response = await api.post(`/api/platform/pg-meta/${ref}/query`, { query });
  if (response.status >= 300) throw new Error(`query failed (${response.status}): ${JSON.stringify(response.body)}`);
  return response.body as T[];
}

/**
 * The titles `authenticated` with this user id sees. The query endpoint runs a script in one
 * transaction, so `set local` lasts exactly for it: role and claims as the data plane sets them.
 */
async function titlesSeenBy(api: ApiClient, ref: string, userId: string): Promise<string[]> {
  const claims = JSON.stringify({ sub: userId, role: 'authenticated' });
  const rows = await sql<{ title: string }>(
    api,
    ref,
    `set local role authenticated;
     select set_config('request.jwt.claims', '${claims}', true);
     select title from public.todos order by title;`,
  );
  return rows.map((row) => row.title);
}

async function createTableInUi(page: Page, ref: string): Promise<void> {
  await page.goto(`/project/${ref}/database/tables`);
  await page.getByTestId('tables-empty').waitFor();
  await page.getByTestId('new-table').first().click();
  const panel = page.getByTestId('table-editor-panel');
  await panel.getByText('Create a new table under public').waitFor();
  await panel.getByTestId('table-name-input').fill('todos');
  // id (int8 identity, primary key) and created_at come by default.
  for (const [name, type] of [['title', 'text'], ['user_id', 'uuid']]) {
    await panel.getByTestId('add-column').click();
    const row = panel.locator('[data-testid^="new-column-"]').last();
    await row.getByTestId('column-name-input').fill(name);
    await row.getByTestId('column-type-input').fill(type);
  }
  // RLS is turned on later, on the policies page.
  await panel.getByTestId('table-rls-checkbox').uncheck();
  await panel.getByTestId('table-save').click();
  await page.getByTestId('table-row-todos').waitFor();
  await panel.waitFor({ state: 'detached' });
}

async function enableRls(page: Page, ref: string): Promise<void> {
  await page.goto(`/project/${ref}/auth/policies`);
  const section = page.getByTestId('policies-table-todos');
  await section.getByText('RLS disabled').waitFor();
  await section.getByText('Warning: RLS is disabled. Your table is publicly readable and writable.').waitFor();
  await section.getByRole('button', { name: 'Enable RLS' }).click();
  const dialog = page.getByTestId('rls-toggle-dialog');
  await dialog.getByText('Confirm to enable Row Level Security').waitFor();
  await dialog.getByRole('button', { name: 'Enable RLS' }).click();
  await section.getByText('RLS enabled').waitFor();
  await section.getByText('RLS is enabled - create a policy to allow access to this table.').waitFor();
}

async function addPolicyFromTemplate(page: Page): Promise<void> {
  const section = page.getByTestId('policies-table-todos');
  await section.getByRole('button', { name: 'New Policy' }).click();
  const panel = page.getByTestId('policy-editor');
  await panel.getByRole('heading', { name: 'Adding new policy to public.todos' }).waitFor();
  await panel.getByTestId('policy-from-template').click();
  await panel.getByRole('heading', { name: 'Select a template to use for your new policy' }).waitFor();
  await panel.getByRole('button', { name: /Enable delete for users based on user_id/ }).click();
  await panel.getByTestId('policy-use-template').click();

  // The template filled the editor; switching DELETE -> SELECT keeps USING (both take one).
  await panel.getByRole('heading', { name: 'Adding new policy to public.todos' }).waitFor();
  const name = panel.getByTestId('policy-name-input');
  expect(await name.inputValue()).toBe('Enable delete for users based on user_id');
  await panel.locator('label', { hasText: /^SELECT$/ }).click();
  expect(await panel.getByTestId('policy-using-input').inputValue()).toBe('(select auth.uid()) = user_id');
  expect(await panel.getByTestId('policy-check-input').count()).toBe(0);

  // Validation: a name is required, the notice is the spec's text.
  await name.fill('');
  await panel.getByTestId('policy-review').click();
  await panel.getByTestId('policy-validation-notice').getByText('Do give your policy a name').waitFor();
  await name.fill(POLICY_NAME);

  // A broken expression: the database's error, and back in the editor with nothing lost.
  const using = panel.getByTestId('policy-using-input');
  await using.fill('(select auth.uid()) = owner_id');
  await panel.getByTestId('policy-review').click();
  await panel.getByRole('heading', { name: 'Reviewing policy to be created on public.todos' }).waitFor();
  await panel.getByTestId('policy-save').click();
  await page.getByText(/^Error adding policy: .*owner_id/).waitFor();
  await panel.getByTestId('policy-view-editor').waitFor();
  expect(await name.inputValue()).toBe(POLICY_NAME);
  expect(await using.inputValue()).toBe('(select auth.uid()) = owner_id');

  // Fixed: the review shows exactly the SQL that runs.
  await using.fill('(select auth.uid())   =\n user_id');
  await panel.getByTestId('policy-review').click();
  const reviewSql = panel.getByTestId('policy-review-sql');
  await reviewSql.waitFor();
  expect(await reviewSql.textContent()).toBe(
    `CREATE POLICY "${POLICY_NAME}" ON "public"."todos" AS PERMISSIVE FOR SELECT TO "authenticated" USING ((select auth.uid()) = user_id);`,
  );
  await panel.getByTestId('policy-save').click();
  await page.getByText('Policy successfully saved!').waitFor();
  await panel.waitFor({ state: 'detached' });
  const row = section.getByTestId(`policy-row-${POLICY_NAME}`);
  await row.waitFor();
  expect(await row.textContent()).toContain('Applied to: authenticated');
}

async function reviewWithoutChanges(page: Page): Promise<void> {
  const row = page.getByTestId(`policy-row-${POLICY_NAME}`);
  await row.getByRole('button', { name: `Actions for policy ${POLICY_NAME}` }).click();
  await page.getByRole('menuitem', { name: 'Edit policy' }).click();
  const panel = page.getByTestId('policy-editor');
  await panel.getByRole('heading', { name: 'Editing policy from public.todos' }).waitFor();
  await panel.getByTestId('policy-review').click();
  await panel.getByTestId('policy-no-changes').getByText('There are no changes made to this policy').waitFor();
  expect(await panel.getByTestId('policy-save').isDisabled()).toBe(true);
  await panel.getByRole('button', { name: 'Back to edit' }).click();
  // A change, then closing: the discard confirmation.
  await panel.getByTestId('policy-name-input').fill('Changed my mind');
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await page.getByTestId('policy-discard-dialog').getByRole('button', { name: 'Discard changes' }).click();
  await panel.waitFor({ state: 'detached' });
  await row.waitFor();
}

describe('policies (issue 3)', () => {
  it('creates a table, enables RLS, adds a template policy, and the policy filters rows', async () => {
    const email = uniqueEmail('policies');
    const { api } = await signUp(platform.url, email, PASSWORD);
    const { ref } = await createProject(api);
    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, email, PASSWORD, `/project/${ref}/database/tables`);

    await createTableInUi(page, ref);
    const owner = randomUUID();
    const other = randomUUID();
    await sql(api, ref, `insert into public.todos (title, user_id) values ('mine', '${owner}'), ('theirs', '${other}')`);
    await sql(api, ref, 'grant select on public.todos to authenticated');

    // Before RLS: the table is open to every authenticated user.
    expect(await titlesSeenBy(api, ref, owner)).toEqual(['mine', 'theirs']);

    await enableRls(page, ref);
    // RLS on, no policy yet: nothing is visible.
    expect(await titlesSeenBy(api, ref, owner)).toEqual([]);

    await addPolicyFromTemplate(page);
    expect(await titlesSeenBy(api, ref, owner)).toEqual(['mine']);
    expect(await titlesSeenBy(api, ref, other)).toEqual(['theirs']);
    expect(await titlesSeenBy(api, ref, randomUUID())).toEqual([]);

    await reviewWithoutChanges(page);
    if (process.env.PLINTH_E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.PLINTH_E2E_SCREENSHOTS}/policies.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows a Read-only member the permission tooltips, and the server refuses them', async () => {
    const owner = await signUp(platform.url);
    const { ref, slug } = await createProject(owner.api, 'team');
    const table = await owner.api.post(`/api/platform/pg-meta/${ref}/tables`, {
      name: 'notes', schema: 'public', rls_enabled: true, columns: [{ name: 'id', type: 'int8', is_identity: true, is_primary_key: true }],
    });
    expect(table.status).toBeLessThan(300);
    const policy = await owner.api.post(`/api/platform/pg-meta/${ref}/policies`, {
      schema: 'public', table: 'notes', name: 'Everyone reads', command: 'SELECT', definition: 'true', roles: ['anon', 'authenticated', 'service_role', 'postgres'],
    });
    expect(policy.status).toBeLessThan(300);

    const email = uniqueEmail('readonly');
    const member = await signUp(platform.url, email, PASSWORD);
    expect((await owner.api.post(`/api/organizations/${slug}/members/invitations`, { email, role: 'Read-only' })).status).toBe(200);
    const invitations = await member.api.get('/api/profile/invitations');
    expect((await member.api.post(`/api/organizations/${slug}/members/invitations/${invitations.body[0].id}/accept`)).status).toBe(200);

    const { context, page, errors } = await newPage(browser, platform.url);
    await signInThroughUi(page, email, PASSWORD, `/project/${ref}/auth/policies`);
    const section = page.getByTestId('policies-table-notes');
    await section.getByText('RLS enabled').waitFor();
    // Four roles: three shown, the fourth behind "+ 1 more roles".
    const row = section.getByTestId('policy-row-Everyone reads');
    await row.getByText('+ 1 more roles').hover();
    await page.getByRole('tooltip').getByText('service_role').waitFor();
    await page.mouse.move(0, 0, { steps: 10 });

    await expectDisabledWithTooltip(page, 'You need additional permissions to create RLS policies', section);
    await expectDisabledWithTooltip(page, 'You need additional permissions to toggle RLS', section);
    await expectDisabledWithTooltip(page, 'You need additional permissions to edit RLS policies', section);

    await page.goto(`/project/${ref}/database/tables`);
    await page.getByTestId('table-row-notes').waitFor();
    await expectDisabledWithTooltip(page, 'You need additional permissions to create tables', page.getByTestId('database-tables-page'));

    // The buttons are a courtesy: the server says no by itself.
    const refused = await member.api.patch(`/api/platform/pg-meta/${ref}/tables/${table.body.id}`, { rls_enabled: false });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
