/**
 * The storage explorer end to end, in a real browser against a real platform: a private bucket made
 * through the platform API, a PNG dropped onto the explorer (twice: the second is renamed), a folder
 * created inline, a file renamed and moved into the folder, the image previewed from a signed URL,
 * Get URL copying a signed URL whose bytes are fetched over HTTP, a range selection, the folder
 * downloaded as a zip whose entries are read back, the list view kept across a reload, and deletes.
 */
import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startPlatform } from '../../platform/test/support/platform.ts';
import { signUp, uniqueEmail, type ApiClient } from '../../platform/test/support/client.ts';
import { ensureStudioBuilt, expectDisabledWithTooltip, launchChromium, screenshotter, signInThroughUi } from './support/browser.ts';
import { createActiveProject } from './support/projects.ts';

const PASSWORD = 'correct-horse-battery-staple';
/** A real 1x1 PNG: the preview must decode it, and the signed URL must serve these exact bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

let platform: Awaited<ReturnType<typeof startPlatform>>;
/** The organisation of the test project (Team: it has the Read-only role). */
let slug: string;
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
  const project = await createActiveProject(api, { organization: 'Explorer Org', project: 'Explorer Project' }, 'team');
  slug = project.slug;
  return project.ref;
}

async function listNames(api: ApiClient, ref: string, path: string): Promise<string[]> {
  const response = await api.post(`/api/platform/storage/${ref}/buckets/media/objects/list`, { path, options: { limit: 100, offset: 0 } });
  expect(response.status).toBe(200);
  return (response.body as { name: string }[]).map((item) => item.name).sort();
}

const shot = screenshotter('explorer');

/** Drags PNGs built in the page over the explorer's column at `index`, then drops them. */
async function dropPng(page: Page, names: string[], index = 0): Promise<void> {
  const drag = (type: 'dragover' | 'drop') =>
    page.evaluate(
      ({ bytes, names, index, type }) => {
        const data = new DataTransfer();
        for (const name of names) data.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
        const column = document.querySelectorAll('[data-testid="explorer-column"]')[index];
        if (type === 'dragover') column.dispatchEvent(new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer: data }));
        column.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
      },
      { bytes: [...PNG], names, index, type },
    );
  await drag('dragover');
  await page.getByText('Drop your files to upload to this folder').waitFor();
  await drag('drop');
}

async function rowAction(page: Page, name: string, action: string): Promise<void> {
  await page.getByTestId(`explorer-item-${name}`).first().hover();
  await page.getByRole('button', { name: `Actions for ${name}` }).first().click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/** A row the server lists (a temporary row of an upload in flight has the same name but another status). */
function listedRow(page: Page, name: string) {
  return page.locator(`[data-testid="explorer-item-${name}"][data-status="READY"]`);
}

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('[data-sonner-toast]').getByText(text, { exact: true }).first().waitFor();
}


async function clipboardText(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

describe('storage explorer', () => {
  let owner: Awaited<ReturnType<typeof signUp>>;
  let ref: string;
  let context: BrowserContext;

  beforeAll(async () => {
    owner = await signUp(platform.url, uniqueEmail('explorer'), PASSWORD);
    ref = await createProject(owner.api);
    const bucket = await owner.api.post(`/api/platform/storage/${ref}/buckets`, { id: 'media', public: false, file_size_limit: null, allowed_mime_types: null });
    expect(bucket.status).toBeLessThan(300);
    context = await browser.newContext({ baseURL: platform.url, viewport: { width: 1600, height: 900 }, acceptDownloads: true, permissions: ['clipboard-read', 'clipboard-write'] });
  }, 150_000);

  afterAll(async () => {
    await context?.close();
  });

  it('uploads, organises, previews, shares, zips and deletes files', async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInThroughUi(page, owner.email, PASSWORD, `/project/${ref}/storage/buckets/media`);
    const explorer = page.getByTestId('storage-explorer');
    await explorer.getByText('Drop your files here').waitFor();
    await explorer.getByText('Or upload them via the "Upload file" button above').waitFor();

    // Drag and drop; the same name again becomes "pixel (1).png".
    await dropPng(page, ['pixel.png']);
    await toast(page, 'Successfully uploaded 1 file(s)!');
    await listedRow(page, 'pixel.png').waitFor();
    await dropPng(page, ['pixel.png']);
    await listedRow(page, 'pixel (1).png').waitFor();
    expect(await listNames(owner.api, ref, '')).toEqual(['pixel (1).png', 'pixel.png']);

    // A new folder: the inline row refuses a slash, then takes a valid name.
    await explorer.getByRole('button', { name: 'Create folder' }).click();
    const nameInput = explorer.getByTestId('explorer-name-input');
    expect(await nameInput.inputValue()).toBe('Untitled folder');
    await nameInput.fill('bad/name');
    await nameInput.press('Enter');
    await toast(page, 'Folder names should not have forward or back slashes.');
    await nameInput.fill('docs');
    await nameInput.press('Enter');
    await explorer.getByTestId('explorer-item-docs').waitFor();
    await expect.poll(() => listNames(owner.api, ref, 'docs')).toEqual(['.emptyFolderPlaceholder']);
    // The placeholder keeps the folder but is never listed.
    await explorer.getByTestId('explorer-item-docs').click();
    await explorer.getByTestId('explorer-column').nth(1).getByText('Drop your files here').waitFor();
    expect(await explorer.getByTestId('explorer-item-.emptyFolderPlaceholder').count()).toBe(0);

    // Rename a file, then move it into the folder.
    await rowAction(page, 'pixel (1).png', 'Rename');
    await explorer.getByTestId('explorer-name-input').fill('renamed.png');
    await explorer.getByTestId('explorer-name-input').press('Enter');
    await toast(page, 'Successfully renamed "pixel (1).png" to "renamed.png"');
    await rowAction(page, 'renamed.png', 'Move');
    const moveDialog = page.getByTestId('explorer-move-dialog');
    await moveDialog.getByText('Moving 1 item(s) within media').waitFor();
    await moveDialog.getByTestId('explorer-move-input').fill('/docs');
    await moveDialog.getByRole('button', { name: 'Move files' }).click();
    await toast(page, 'Successfully moved 1 to docs');
    await explorer.getByTestId('explorer-column').nth(1).getByTestId('explorer-item-renamed.png').waitFor();
    await explorer.getByTestId('explorer-column').first().getByTestId('explorer-item-renamed.png').waitFor({ state: 'detached' });
    expect(await listNames(owner.api, ref, 'docs')).toEqual(['.emptyFolderPlaceholder', 'renamed.png']);
    await shot(page, 'columns');

    // Search filters the current folder after a pause.
    const search = explorer.getByPlaceholder('Search for a file or folder');
    await explorer.getByTestId('explorer-item-pixel.png').click();
    await search.fill('zzz');
    await explorer.getByText('No results found in this folder').waitFor();
    await explorer.getByText('Your search for "zzz" did not return any results').waitFor();
    await search.fill('pix');
    await listedRow(page, 'pixel.png').waitFor();
    await explorer.getByTestId('explorer-item-docs').waitFor({ state: 'detached' });
    await search.fill('');
    await explorer.getByTestId('explorer-item-docs').waitFor();

    // Preview: the image decodes from its signed URL.
    await explorer.getByTestId('explorer-item-pixel.png').click();
    const preview = page.getByTestId('explorer-preview');
    await preview.getByRole('heading', { name: 'pixel.png' }).waitFor();
    await preview.getByText('Added on').waitFor();
    await preview.getByText(/image\/png - 70 bytes/).waitFor();
    await expect.poll(() => preview.getByTestId('explorer-preview-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

    // Get URL, one week: the copied signed URL serves the uploaded bytes.
    await preview.getByRole('button', { name: 'Get URL' }).click();
    await page.getByRole('menuitem', { name: 'Expire in 1 week' }).click();
    await toast(page, 'URL copied');
    const weekUrl = await clipboardText(page);
    expect(weekUrl).toMatch(/\/storage\/v1\/object\/sign\/media\/pixel\.png\?token=/);
    const fetched = await fetch(weekUrl);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(PNG);

    // A custom expiry: refused at 0, then two days.
    await rowAction(page, 'pixel.png', 'Get URL');
    await page.getByRole('menuitem', { name: 'Custom expiry' }).click();
    const expiry = page.getByTestId('explorer-expiry-dialog');
    const getSigned = expiry.getByRole('button', { name: 'Get signed URL' });
    expect(await getSigned.isDisabled()).toBe(true);
    await expiry.getByTestId('explorer-expiry-input').fill('0');
    await expiry.getByText('Expiry duration cannot be less than 0').waitFor();
    await expiry.getByTestId('explorer-expiry-input').fill('2');
    await expiry.getByText(/^URL will expire on /).waitFor();
    await getSigned.click();
    await expect.poll(() => clipboardText(page)).not.toBe(weekUrl);
    const customUrl = await clipboardText(page);
    expect(Buffer.from(await (await fetch(customUrl)).arrayBuffer())).toEqual(PNG);

    // The folder as one zip named after it, its entries relative to it.
    const folderDownload = page.waitForEvent('download');
    await rowAction(page, 'docs', 'Download');
    const download = await folderDownload;
    expect(download.suggestedFilename()).toBe('docs.zip');
    const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
    expect(Object.keys(zip)).toEqual(['renamed.png']);
    expect(Buffer.from(zip['renamed.png'])).toEqual(PNG);
    await toast(page, 'Successfully downloaded folder');
    await shot(page, 'preview');

    // Shift-click selects a range of files; shift-clicking a selected one takes that range off again.
    await page.getByRole('button', { name: 'Close preview' }).click();
    // Two more through "Upload files" (several at once).
    await explorer.getByTestId('explorer-file-input').setInputFiles([
      { name: 'a.png', mimeType: 'image/png', buffer: PNG },
      { name: 'b.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await toast(page, 'Successfully uploaded 2 file(s)!');
    await listedRow(page, 'b.png').waitFor();
    await explorer.getByLabel('Select a.png').click({ force: true });
    const bar = page.getByTestId('explorer-selection-bar');
    await bar.getByText('1 items selected').waitFor();
    await explorer.getByLabel('Select pixel.png').click({ modifiers: ['Shift'] });
    await bar.getByText('3 items selected').waitFor();
    await explorer.getByText('Select all 3 files').first().waitFor();
    await explorer.getByLabel('Select b.png').click({ modifiers: ['Shift'] });
    await bar.getByText('1 items selected').waitFor();
    await explorer.getByLabel('Select pixel.png').click({ modifiers: ['Shift'] });
    await bar.getByText('3 items selected').waitFor();
    await shot(page, 'selection');
    const selectionDownload = page.waitForEvent('download');
    await bar.getByRole('button', { name: 'Download' }).click();
    const filesZip = await selectionDownload;
    expect(filesZip.suggestedFilename()).toBe('files.zip');
    expect(Object.keys(unzipSync(new Uint8Array(await readFile(await filesZip.path())))).sort()).toEqual(['a.png', 'b.png', 'pixel.png']);
    await bar.getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('explorer-delete-dialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Successfully deleted 3 file(s)');
    await bar.waitFor({ state: 'detached' });
    expect(await listNames(owner.api, ref, '')).toEqual(['docs']);

    // The list view, kept in local storage across a reload.
    await explorer.getByRole('button', { name: 'View' }).click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    await page.getByRole('menuitemradio', { name: 'As list' }).click();
    await explorer.getByText('Last modified at').waitFor();
    await page.reload();
    await explorer.getByRole('columnheader', { name: 'Last modified at' }).waitFor();
    const stored = await page.evaluate((key) => localStorage.getItem(key), `storage-explorer-${ref}`);
    expect(JSON.parse(stored ?? '{}')).toEqual({ view: 'LIST', sortBy: 'name', sortByOrder: 'asc' });
    await explorer.getByTestId('explorer-list-footer').getByText('0 bytes for 1 items').waitFor();
    await shot(page, 'list');

    expect(errors).toEqual([]);
  }, 150_000);

  it('renames a folder with its contents, deletes folders and keeps an emptied parent folder', async () => {
    // deep/inner/x.png uploaded straight to the data plane: no placeholder keeps "deep" alive.
    const settings = await owner.api.get(`/api/platform/props/project/${ref}/settings`);
    const { endpoint, serviceApiKey } = settings.body.autoApiService;
    const upload = await fetch(`${endpoint}/storage/v1/object/media/deep/inner/x.png`, {
      method: 'POST',
      headers: { apikey: serviceApiKey, authorization: `Bearer ${serviceApiKey}`, 'content-type': 'image/png' },
      body: PNG,
    });
    expect(upload.status).toBe(200);

    // The context is still signed in from the first test.
    const page = await context.newPage();
    await page.goto(`/project/${ref}/storage/buckets/media`);
    const explorer = page.getByTestId('storage-explorer');
    // Back to columns (the list view was kept from the first test), through the list's context menu.
    await explorer.getByTestId('explorer-list').click({ button: 'right', position: { x: 400, y: 300 } });
    await page.getByRole('menuitem', { name: 'View' }).click();
    await page.getByRole('menuitemradio', { name: 'As columns' }).click();
    await explorer.getByTestId('explorer-columns').waitFor();
    // The editable path: a leading slash and empty parts are dropped.
    await explorer.getByRole('button', { name: 'Edit path' }).click();
    await explorer.getByPlaceholder('e.g Parent Folder/Child Folder').fill('/deep//');
    await explorer.getByRole('button', { name: 'Go to folder' }).click();
    await explorer.getByTestId('explorer-breadcrumbs').getByText('deep').waitFor();
    await explorer.getByTestId('explorer-item-inner').waitFor();
    await rowAction(page, 'inner', 'Delete');
    const dialog = page.getByTestId('explorer-delete-dialog');
    await dialog.getByText('Confirm deletion of inner').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Successfully deleted inner');
    await explorer.getByTestId('explorer-item-inner').waitFor({ state: 'detached' });
    expect(await listNames(owner.api, ref, 'deep')).toEqual(['.emptyFolderPlaceholder']);
    await explorer.getByTestId('explorer-item-deep').waitFor();

    // A folder rename moves everything under it.
    await rowAction(page, 'docs', 'Rename');
    await explorer.getByTestId('explorer-name-input').fill('papers');
    await explorer.getByTestId('explorer-name-input').press('Enter');
    await toast(page, 'Successfully renamed "docs" to "papers"');
    await listedRow(page, 'papers').waitFor();
    expect(await listNames(owner.api, ref, 'papers')).toEqual(['.emptyFolderPlaceholder', 'renamed.png']);
    expect(await listNames(owner.api, ref, '')).toEqual(['deep', 'papers']);

    // Deleting the folders at the root leaves the bucket empty.
    await rowAction(page, 'deep', 'Delete');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Successfully deleted deep');
    await rowAction(page, 'papers', 'Delete');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Successfully deleted papers');
    await explorer.getByText('Drop your files here').waitFor();
    expect(await listNames(owner.api, ref, '')).toEqual([]);
  }, 120_000);
  it('shows a Read-only member what they may not do', async () => {
    const settings = await owner.api.get(`/api/platform/props/project/${ref}/settings`);
    const { endpoint, serviceApiKey } = settings.body.autoApiService;
    const upload = await fetch(`${endpoint}/storage/v1/object/media/shared.png`, {
      method: 'POST',
      headers: { apikey: serviceApiKey, authorization: `Bearer ${serviceApiKey}`, 'content-type': 'image/png' },
      body: PNG,
    });
    expect(upload.status).toBe(200);
    const email = uniqueEmail('explorer-readonly');
    const member = await signUp(platform.url, email, PASSWORD);
    expect((await owner.api.post(`/api/organizations/${slug}/members/invitations`, { email, role: 'Read-only' })).status).toBe(200);
    const invitations = await member.api.get('/api/profile/invitations');
    expect((await member.api.post(`/api/organizations/${slug}/members/invitations/${invitations.body[0].id}/accept`)).status).toBe(200);

    const memberContext = await browser.newContext({ baseURL: platform.url, viewport: { width: 1600, height: 900 } });
    const page = await memberContext.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInThroughUi(page, email, PASSWORD, `/project/${ref}/storage/buckets/media`);
    const explorer = page.getByTestId('storage-explorer');
    await listedRow(page, 'shared.png').waitFor();
    await expectDisabledWithTooltip(page, 'You need additional permissions to upload files');
    await expectDisabledWithTooltip(page, 'You need additional permissions to create folders');

    // A file's menu keeps Get URL only.
    await explorer.getByTestId('explorer-item-shared.png').hover();
    await page.getByRole('button', { name: 'Actions for shared.png' }).click();
    await page.getByRole('menuitem', { name: 'Get URL' }).waitFor();
    for (const hidden of ['Rename', 'Move', 'Download', 'Delete']) expect(await page.getByRole('menuitem', { name: hidden, exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await explorer.getByTestId('explorer-item-shared.png').click();
    await page.getByTestId('explorer-preview').getByRole('heading', { name: 'shared.png' }).waitFor();
    await expectDisabledWithTooltip(page, 'You need additional permissions to delete this file');
    await shot(page, 'read-only');
    expect(errors).toEqual([]);
    await memberContext.close();
  }, 120_000);
});
