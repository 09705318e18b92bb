/**
 * Export as CSV: `GET /api/platform/projects/{ref}/tables/{id}/export.csv` streams the table from a
 * server-side cursor. A link cannot carry the Bearer header, so the studio fetches it and
 * - where the File System Access API exists (Chromium), pipes `response.body` straight into the
 *   file the user picked: nothing but the chunk in flight is held in memory, a million rows included;
 * - elsewhere reads it into a Blob (browsers page large blobs to disk) and saves that.
 */
import { authorizedFetch } from '../content/api-root.ts';

interface WritableFile {
  write(chunk: Uint8Array): Promise<void>;
  close(): Promise<void>;
  abort(reason?: unknown): Promise<void>;
}
interface FileHandle {
  createWritable(): Promise<WritableFile>;
}
type SaveFilePicker = (options: { suggestedName: string; types?: { description: string; accept: Record<string, string[]> }[] }) => Promise<FileHandle>;

function saveFilePicker(): SaveFilePicker | undefined {
  const picker = (window as unknown as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
  return typeof picker === 'function' ? picker.bind(window) : undefined;
}

export function csvFileName(name: string): string {
  return `${name.replace(/[\\/:*?"<>|\0]/g, '_') || 'table'}.csv`;
}

/** What happened: the file was written, or the user closed the save dialog. */
export type ExportOutcome = 'exported' | 'cancelled';

async function pipeToFile(body: ReadableStream<Uint8Array>, file: WritableFile): Promise<void> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      await file.write(value);
    }
    await file.close();
  } catch (error) {
    await file.abort(error).catch(() => undefined);
    throw error;
  }
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The download has its own reference to the blob; freeing the URL later lets it start first.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Must be called from the click that asked for it: the save dialog needs that user gesture. */
export async function exportTableCsv(ref: string, table: { id: number; name: string }, onStart: () => void = () => undefined): Promise<ExportOutcome> {
  const fileName = csvFileName(table.name);
  const url = `/api/platform/projects/${encodeURIComponent(ref)}/tables/${table.id}/export.csv`;
  const picker = saveFilePicker();
  if (picker) {
    let handle: FileHandle;
    try {
      handle = await picker({ suggestedName: fileName, types: [{ description: 'CSV file', accept: { 'text/csv': ['.csv'] } }] });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      throw error;
    }
    onStart();
    const response = await authorizedFetch(url, { headers: { Accept: 'text/csv' } });
    if (!response.body) throw new Error('The server sent no data.');
    await pipeToFile(response.body, await handle.createWritable());
    return 'exported';
  }
  onStart();
  const response = await authorizedFetch(url, { headers: { Accept: 'text/csv' } });
  saveBlob(await response.blob(), fileName);
  return 'exported';
}
