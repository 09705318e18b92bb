/** A function's files as the editor holds them, and the rules for adding, renaming and deleting one (pure). */
import type { FunctionSourceFile } from '@plinth/api-contract';

export type SourceFile = FunctionSourceFile;

/** Where `supabase functions new` puts the code, and what the studio deploys as the entrypoint. */
export const DEFAULT_ENTRYPOINT = 'index.ts';

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** Why `path` cannot name a new or renamed file among `files` (excluding `current`), or null when it can. */
export function filePathProblem(path: string, files: readonly SourceFile[], current?: string): string | null {
  const trimmed = path.trim();
  if (!trimmed) return 'Enter a file name.';
  if (trimmed.length > 1024) return 'A file path has at most 1024 characters.';
  if (trimmed.startsWith('/')) return 'A file path is relative to the function, without a leading /.';
  const segments = trimmed.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.')) return 'A file path cannot leave the function with . or .. segments.';
  if (!segments.every((segment) => SEGMENT.test(segment))) return 'Use letters, digits, _ - and . in file names, and / between folders.';
  if (files.some((file) => file.path === trimmed && file.path !== current)) return `There is already a file named ${trimmed}.`;
  return null;
}

export function addFile(files: readonly SourceFile[], path: string): SourceFile[] {
  return [...files, { path: path.trim(), content: '' }];
}

export function renameFile(files: readonly SourceFile[], from: string, to: string): SourceFile[] {
  return files.map((file) => (file.path === from ? { ...file, path: to.trim() } : file));
}

export function deleteFile(files: readonly SourceFile[], path: string): SourceFile[] {
  return files.filter((file) => file.path !== path);
}

export function setFileContent(files: readonly SourceFile[], path: string, content: string): SourceFile[] {
  return files.map((file) => (file.path === path ? { ...file, content } : file));
}

/** Whether the editor's files differ from the deployed ones (order aside). */
export function filesChanged(saved: readonly SourceFile[], current: readonly SourceFile[]): boolean {
  if (saved.length !== current.length) return true;
  const byPath = new Map(saved.map((file) => [file.path, file.content]));
  return current.some((file) => byPath.get(file.path) !== file.content);
}

/** The entrypoint first, the others by path, as the file list shows them. */
export function sortedFiles(files: readonly SourceFile[], entrypoint: string): SourceFile[] {
  return [...files].sort((a, b) => (a.path === entrypoint ? -1 : b.path === entrypoint ? 1 : a.path.localeCompare(b.path)));
}

/** The CodeMirror language a file is edited in: TypeScript (with JSX for .tsx) or JSON; anything else is plain. */
export function languageOf(path: string): 'typescript' | 'tsx' | 'javascript' | 'json' | 'text' {
  if (/\.(ts|mts|cts)$/i.test(path)) return 'typescript';
  if (/\.tsx$/i.test(path)) return 'tsx';
  if (/\.(js|mjs|cjs|jsx)$/i.test(path)) return 'javascript';
  if (/\.json$/i.test(path)) return 'json';
  return 'text';
}
