import type { UploadEntry } from './upload-actions.tsx';

function readEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** A dropped folder's files, each with its path below the drop target ("folder/sub/a.png"). */
async function walk(entry: FileSystemEntry, path: string): Promise<UploadEntry[]> {
  if (entry.isFile) return [{ file: await fileOf(entry as FileSystemFileEntry), relativePath: path }];
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const found: UploadEntry[] = [];
  // readEntries answers in chunks until it answers nothing.
  for (let chunk = await readEntries(reader); chunk.length > 0; chunk = await readEntries(reader)) {
    for (const child of chunk) found.push(...(await walk(child, `${path}/${child.name}`)));
  }
  return found;
}

/**
 * The files of a drop, folders walked. The DataTransfer is only readable during the drop event, so
 * its entries and files are taken synchronously before anything is awaited.
 */
export function filesFromDrop(dataTransfer: DataTransfer): Promise<UploadEntry[]> {
  const taken = [...dataTransfer.items]
    .filter((item) => item.kind === 'file')
    .map((item) => ({ entry: item.webkitGetAsEntry?.() ?? null, file: item.getAsFile() }));
  if (taken.length === 0) return Promise.resolve([...dataTransfer.files].map((file) => ({ file, relativePath: file.name })));
  return Promise.all(
    taken.map(async ({ entry, file }): Promise<UploadEntry[]> => {
      if (entry?.isDirectory) return walk(entry, entry.name);
      return file ? [{ file, relativePath: file.name }] : [];
    }),
  ).then((lists) => lists.flat());
}

export function isFileDrag(dataTransfer: DataTransfer | null): boolean {
  return !!dataTransfer && [...dataTransfer.types].includes('Files');
}
