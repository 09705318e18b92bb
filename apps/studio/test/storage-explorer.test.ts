import { describe, expect, it } from 'vitest';
import type { StorageListItem } from '@plinth/api-contract';
import { previewStaleTime } from '../src/data/storage-objects/preview-entry.ts';
import { CORRUPTED_THRESHOLD_MS } from '../src/features/storage-explorer/constants.ts';
import { explorerReducer, INITIAL_STATE, mergeColumnItems } from '../src/features/storage-explorer/explorer-state.ts';
import { EXPIRY_ERROR, expiryDate, expirySeconds, validateExpiry } from '../src/features/storage-explorer/expiry.ts';
import { deriveStatus, formatBytes, isHiddenName, temporaryItem, toStorageItem, type StorageItem } from '../src/features/storage-explorer/items.ts';
import { checkNewFolderName, checkRename, isSkippedUploadPath, uniqueUploadName, uniqueUploadNames } from '../src/features/storage-explorer/names.ts';
import { collapseBreadcrumbs, joinPath, normaliseMoveTarget, parentOf, parsePathInput } from '../src/features/storage-explorer/paths.ts';
import { DEFAULT_PREFERENCES, parsePreferences } from '../src/features/storage-explorer/preferences.ts';
import { selectRange, toggleItem } from '../src/features/storage-explorer/selection.ts';

const NOW = Date.parse('2025-06-01T12:00:00Z');

function listed(name: string, id: string | null, extra: Partial<StorageListItem> = {}): StorageListItem {
  return {
    name,
    id,
    created_at: '2025-06-01T11:00:00Z',
    updated_at: '2025-06-01T11:00:00Z',
    last_accessed_at: null,
    metadata: id ? { size: 10, mimetype: 'image/png' } : null,
    ...extra,
  };
}

const file = (name: string, prefix = '') => toStorageItem(listed(name, `id-${prefix}${name}`), prefix, 0, NOW);

describe('duplicate upload names (spec §5)', () => {
  it('keeps a free name and suffixes a taken one with the count of similar names plus one', () => {
    expect(uniqueUploadName('cat.png', new Set(['dog.png']))).toBe('cat.png');
    expect(uniqueUploadName('cat.png', new Set(['cat.png']))).toBe('cat (1).png');
    expect(uniqueUploadName('cat.png', new Set(['cat.png', 'cat (1).png']))).toBe('cat (2).png');
    expect(uniqueUploadName('cat.png', new Set(['cat.png', 'cat (1).png', 'cat (2).png', 'cat (1).jpg']))).toBe('cat (3).png');
  });

  it('keeps the extension, treats a leading dot as part of the name and skips numbers already taken', () => {
    expect(uniqueUploadName('archive.tar.gz', new Set(['archive.tar.gz']))).toBe('archive.tar (1).gz');
    expect(uniqueUploadName('README', new Set(['README']))).toBe('README (1)');
    expect(uniqueUploadName('.env', new Set(['.env']))).toBe('.env (1)');
    expect(uniqueUploadName('a.txt', new Set(['a.txt', 'a (2).txt']))).toBe('a (3).txt');
    expect(uniqueUploadName('a (x).txt', new Set(['a (x).txt']))).toBe('a (x) (1).txt');
  });

  it('names a batch uniquely against the folder and against itself', () => {
    expect(uniqueUploadNames(['a.png', 'a.png', 'b.png'], ['a.png'])).toEqual(['a (1).png', 'a (2).png', 'b.png']);
  });

  it("skips uploaded paths containing '#/'", () => {
    expect(isSkippedUploadPath('photos#/cat.png')).toBe(true);
    expect(isSkippedUploadPath('photos/#cat.png')).toBe(false);
  });
});

describe('folder names (spec §5, messages verbatim)', () => {
  it('drops an empty name and rejects slashes, special characters and duplicates', () => {
    expect(checkNewFolderName('   ', [])).toEqual({ kind: 'empty' });
    expect(checkNewFolderName('a/b', [])).toMatchObject({ kind: 'invalid', message: 'Folder names should not have forward or back slashes.', durationMs: 8000 });
    expect(checkNewFolderName('a\\b', [])).toMatchObject({ message: 'Folder names should not have forward or back slashes.' });
    expect(checkNewFolderName('a.b', [])).toMatchObject({ message: 'Folder name contains invalid special characters', durationMs: 8000 });
    expect(checkNewFolderName('photos', ['photos'])).toMatchObject({
      message: 'The name photos already exists in the current directory. Please use a different name.',
      durationMs: 4000,
    });
    expect(checkNewFolderName(' My_folder-2 ', ['photos'])).toEqual({ kind: 'ok', name: 'My_folder-2' });
  });

  it('cancels an empty or unchanged rename and forbids slashes only for folders', () => {
    expect(checkRename('', 'a.png', false, [])).toEqual({ kind: 'empty' });
    expect(checkRename('a.png', 'a.png', false, ['a.png'])).toEqual({ kind: 'unchanged' });
    expect(checkRename('x/b', 'a', true, [])).toMatchObject({ message: 'Folder names should not have forward or back slashes.' });
    expect(checkRename('b.png', 'a.png', false, ['a.png'])).toEqual({ kind: 'ok', name: 'b.png' });
    expect(checkRename('b.png', 'a.png', false, ['a.png', 'b.png'])).toMatchObject({ kind: 'invalid' });
  });
});

describe('paths and breadcrumbs (spec §2, §5)', () => {
  it('splits the editable path on slashes and drops empty parts', () => {
    expect(parsePathInput('/Parent Folder//Child Folder/')).toEqual(['Parent Folder', 'Child Folder']);
    expect(parsePathInput('')).toEqual([]);
  });

  it('strips a leading slash of a move target; blank is the root', () => {
    expect(normaliseMoveTarget('/a/b')).toBe('a/b');
    expect(normaliseMoveTarget('   ')).toBe('');
    expect(joinPath('', 'a', '', 'b.png')).toBe('a/b.png');
    expect(parentOf('a/b/c.png')).toBe('a/b');
    expect(parentOf('c.png')).toBe('');
  });

  it('collapses more than 5 breadcrumbs to the first 2, an ellipsis and the last 2', () => {
    const five = ['b', '1', '2', '3', '4'];
    expect(collapseBreadcrumbs(five).map((c) => (c.kind === 'entry' ? c.entry : '…'))).toEqual(five);
    const six = ['b', '1', '2', '3', '4', '5'];
    const collapsed = collapseBreadcrumbs(six);
    expect(collapsed.map((c) => (c.kind === 'entry' ? c.entry : '…'))).toEqual(['b', '1', '…', '4', '5']);
    // The kept entries remember where they point.
    expect(collapsed.at(-1)).toEqual({ kind: 'entry', entry: '5', index: 5 });
  });
});

describe('derived status (spec §4)', () => {
  it('marks a file without metadata as loading for 15 minutes, then corrupted; folders and complete files are ready', () => {
    const young = { id: 'x', metadata: null, created_at: new Date(NOW - CORRUPTED_THRESHOLD_MS + 1000).toISOString(), updated_at: null };
    const old = { ...young, created_at: new Date(NOW - CORRUPTED_THRESHOLD_MS).toISOString() };
    expect(deriveStatus(young, NOW)).toEqual({ status: 'LOADING', isCorrupted: false });
    expect(deriveStatus(old, NOW)).toEqual({ status: 'READY', isCorrupted: true });
    expect(deriveStatus({ ...old, id: null }, NOW)).toEqual({ status: 'READY', isCorrupted: false });
    expect(deriveStatus({ ...old, metadata: { size: 1 } }, NOW)).toEqual({ status: 'READY', isCorrupted: false });
  });

  it('types rows by id, hides the placeholder and formats sizes in powers of 1024', () => {
    expect(toStorageItem(listed('photos', null), '', 0, NOW).type).toBe('FOLDER');
    expect(file('a.png', 'x/').type).toBe('FILE');
    expect(isHiddenName('.emptyFolderPlaceholder')).toBe(true);
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1023)).toBe('1023 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB');
  });
});

describe('range selection (spec §4)', () => {
  const column: StorageItem[] = [toStorageItem(listed('folder', null), '', 0, NOW), ...['a', 'b', 'c', 'd', 'e'].map((n) => file(n))];
  const [, a, b, c, d, e] = column;

  it('extends from the last selected item across the column, files only, without duplicates', () => {
    expect(selectRange([b], column, d).map((i) => i.name)).toEqual(['b', 'c', 'd']);
    expect(selectRange([d], column, a).map((i) => i.name)).toEqual(['d', 'a', 'b', 'c']);
    expect(selectRange([], column, c).map((i) => i.name)).toEqual(['c']);
    expect(selectRange([a, c], column, e).map((i) => i.name)).toEqual(['a', 'c', 'd', 'e']);
  });

  it('removes the range when the clicked item was already selected', () => {
    expect(selectRange([a, b, c, d], column, b).map((i) => i.name)).toEqual(['a']);
    expect(toggleItem(toggleItem([], a), a)).toEqual([]);
  });
});

describe('explorer state (spec §4 "Explorer behaviour")', () => {
  it('opening a folder pops deeper columns; previewing a file closes them', () => {
    const folder = (name: string, columnIndex: number) => ({ ...temporaryItem(name, 'FOLDER', 'READY', '', columnIndex) });
    let state = explorerReducer(INITIAL_STATE, { type: 'openFolder', item: folder('a', 0) });
    state = explorerReducer(state, { type: 'openFolder', item: folder('b', 1) });
    expect(state.openedFolders).toEqual(['a', 'b']);
    state = explorerReducer(state, { type: 'openFolder', item: folder('c', 1) });
    expect(state.openedFolders).toEqual(['a', 'c']);
    state = explorerReducer(state, { type: 'previewFile', item: { ...file('x.png', 'a/'), columnIndex: 1 } });
    expect(state.openedFolders).toEqual(['a']);
    expect(state.preview?.name).toBe('x.png');
  });

  it('shows temporary rows at the start or end until the listing has them, and overrides renamed rows', () => {
    const listedRows = [file('a.png'), file('b.png')];
    const temporary = { start: [temporaryItem('New', 'FOLDER', 'LOADING', '', 0)], end: [temporaryItem('a.png', 'FILE', 'LOADING', '', 0), temporaryItem('c.png', 'FILE', 'LOADING', '', 0)] };
    const renamed = { ...listedRows[1], name: 'z.png', id: null };
    const rows = mergeColumnItems(listedRows, temporary, { [listedRows[1].id as string]: renamed });
    expect(rows.map((r) => r.name)).toEqual(['New', 'a.png', 'z.png', 'c.png']);
  });
});

describe('custom expiry and preview cache (spec §5, §4)', () => {
  it('accepts only values above 0, in the chosen unit', () => {
    expect(validateExpiry('')).toBeNull();
    expect(validateExpiry('0')).toBe(EXPIRY_ERROR);
    expect(validateExpiry('-2')).toBe('Expiry duration cannot be less than 0');
    expect(expirySeconds('', 'days')).toBeNull();
    expect(expirySeconds('2', 'weeks')).toBe(1_209_600);
    expect(expirySeconds('1', 'years')).toBe(31_536_000);
    expect(expiryDate(86_400, NOW).toISOString()).toBe('2025-06-02T12:00:00.000Z');
  });

  it('reuses a signed preview URL until it expires and a public one for ever', () => {
    expect(previewStaleTime({ id: 'a', url: 'u', expiresIn: 60, fetchedAt: NOW }, NOW + 59_000)).toBe(1000);
    expect(previewStaleTime({ id: 'a', url: 'u', expiresIn: 60, fetchedAt: NOW }, NOW + 61_000)).toBe(0);
    expect(previewStaleTime({ id: 'a', url: 'u', expiresIn: null, fetchedAt: NOW }, NOW)).toBe(Infinity);
  });
});

describe('preferences (spec §3, §9)', () => {
  it('reads stored fields one by one and falls back per field', () => {
    expect(parsePreferences(null)).toBeNull();
    expect(parsePreferences('not json')).toBeNull();
    expect(parsePreferences('{"view":"LIST","sortBy":"created_at","sortByOrder":"desc"}')).toEqual({ view: 'LIST', sortBy: 'created_at', sortByOrder: 'desc' });
    expect(parsePreferences('{"view":"GRID","sortBy":"size"}')).toEqual(DEFAULT_PREFERENCES);
  });
});
