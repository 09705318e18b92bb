import { DUPLICATE_NAME_TOAST_MS, FOLDER_NAME_ERROR_TOAST_MS } from './constants.ts';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function splitExtension(name: string): { base: string; ext: string } {
  const dot = name.lastIndexOf('.');
  // A leading dot (".env") is part of the name, not an extension.
  return dot > 0 ? { base: name.slice(0, dot), ext: name.slice(dot) } : { base: name, ext: '' };
}

/**
 * Spec §5: an upload whose name is taken gets "name (n).ext", n being the count of similar names
 * ("name (k).ext") plus one; if that is taken too (a gap in the numbering), the next free n.
 */
export function uniqueUploadName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  const { base, ext } = splitExtension(name);
  const similar = new RegExp(`^${escapeRegExp(base)} \\(\\d+\\)${escapeRegExp(ext)}$`);
  let n = [...taken].filter((other) => similar.test(other)).length + 1;
  while (taken.has(`${base} (${n})${ext}`)) n += 1;
  return `${base} (${n})${ext}`;
}

/** Names for a batch of uploads into one folder: each one unique against the folder and the batch. */
export function uniqueUploadNames(names: string[], existing: Iterable<string>): string[] {
  const taken = new Set(existing);
  return names.map((name) => {
    const unique = uniqueUploadName(name, taken);
    taken.add(unique);
    return unique;
  });
}

export type NameCheck =
  | { kind: 'empty' }
  | { kind: 'unchanged' }
  | { kind: 'invalid'; message: string; durationMs: number }
  | { kind: 'ok'; name: string };

const SLASH_MESSAGE = 'Folder names should not have forward or back slashes.';
const SPECIAL_MESSAGE = 'Folder name contains invalid special characters';
const duplicateMessage = (name: string) => `The name ${name} already exists in the current directory. Please use a different name.`;

/** Spec §5 "Folder names (new)": an empty name drops the temporary row; the rest are notices. */
export function checkNewFolderName(raw: string, siblings: Iterable<string>): NameCheck {
  const name = raw.trim();
  if (name.length === 0) return { kind: 'empty' };
  if (/[/\\]/.test(name)) return { kind: 'invalid', message: SLASH_MESSAGE, durationMs: FOLDER_NAME_ERROR_TOAST_MS };
  // ASCII only: storage object keys accept word characters, not every Unicode letter.
  if (!/^[a-zA-Z0-9_\-\s]*$/.test(name)) return { kind: 'invalid', message: SPECIAL_MESSAGE, durationMs: FOLDER_NAME_ERROR_TOAST_MS };
  if (new Set(siblings).has(name)) return { kind: 'invalid', message: duplicateMessage(name), durationMs: DUPLICATE_NAME_TOAST_MS };
  return { kind: 'ok', name };
}

/** Renames: an empty or unchanged name cancels; a folder's new name has no slashes; names stay unique. */
export function checkRename(raw: string, current: string, isFolder: boolean, siblings: Iterable<string>): NameCheck {
  const name = raw.trim();
  if (name.length === 0) return { kind: 'empty' };
  if (name === current) return { kind: 'unchanged' };
  if (isFolder && /[/\\]/.test(name)) return { kind: 'invalid', message: SLASH_MESSAGE, durationMs: FOLDER_NAME_ERROR_TOAST_MS };
  if (new Set(siblings).has(name)) return { kind: 'invalid', message: duplicateMessage(name), durationMs: DUPLICATE_NAME_TOAST_MS };
  return { kind: 'ok', name };
}

/** Spec §5: uploaded paths containing '#/' are skipped. */
export function isSkippedUploadPath(path: string): boolean {
  return path.includes('#/');
}
