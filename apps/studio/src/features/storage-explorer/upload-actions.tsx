import { toast } from 'sonner';
import { errorMessage } from '../../lib/api.ts';
import { uploadObject } from '../../data/storage-objects/object-upload.ts';
import { knownNames, refreshBucket, requireUploadTarget, uploadPlaceholder, type ActionEnv } from './action-env.ts';
import { UPLOAD_BATCH_SIZE, UPLOAD_CACHE_CONTROL } from './constants.ts';
import { temporaryItem, type StorageItem } from './items.ts';
import { isSkippedUploadPath, uniqueUploadNames } from './names.ts';
import { joinPath } from './paths.ts';

/** A file to upload and its path relative to the target folder ("a.png", or "dir/a.png" from a dropped folder). */
export interface UploadEntry {
  file: File;
  relativePath: string;
}

function UploadProgress({ count, percent }: { count: number; percent: number }) {
  return (
    <div className="w-64 space-y-1.5" data-testid="upload-progress">
      <p className="text-sm">Uploading {count} file(s)...</p>
      <div className="h-1.5 overflow-hidden rounded-full bg-surface-3">
        <div className="h-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-fg-muted">{percent}%</p>
    </div>
  );
}

/**
 * Uploads into `prefix`: names taken in the folder get "name (n).ext", rows show as loading at the
 * end of the column, 10 uploads run at a time, and one toast reports the progress and the outcome.
 */
export async function uploadFiles(env: ActionEnv, entries: UploadEntry[], prefix: string, columnIndex: number): Promise<void> {
  const kept = entries.filter((entry) => !isSkippedUploadPath(entry.relativePath));
  if (kept.length === 0) return;
  let target;
  try {
    target = requireUploadTarget(env);
  } catch {
    toast.error('Failed to upload files');
    return;
  }

  // Only top-level names can collide with the folder's rows; a dropped folder's inner paths are new.
  const direct = kept.filter((entry) => !entry.relativePath.includes('/'));
  const renamed = uniqueUploadNames(direct.map((entry) => entry.file.name), knownNames(env, prefix));
  const jobs = kept.map((entry) => ({
    entry,
    path: joinPath(prefix, entry.relativePath.includes('/') ? entry.relativePath : renamed[direct.indexOf(entry)]),
  }));
  const fileRows = jobs.filter((job) => !job.entry.relativePath.includes('/'))
    .map((job) => temporaryItem(job.path.slice(prefix ? prefix.length + 1 : 0), 'FILE', 'LOADING', prefix, columnIndex, job.entry.file.size));
  const folderNames = [...new Set(kept.filter((e) => e.relativePath.includes('/')).map((e) => e.relativePath.split('/')[0]))];
  const folderRows: StorageItem[] = folderNames.map((name) => temporaryItem(name, 'FOLDER', 'LOADING', prefix, columnIndex));
  env.dispatch({ type: 'addTemporary', prefix, items: folderRows, at: 'start' });
  env.dispatch({ type: 'addTemporary', prefix, items: fileRows, at: 'end' });

  const total = kept.reduce((sum, entry) => sum + entry.file.size, 0) || 1;
  const loaded = new Map<string, number>();
  const toastId = toast.loading(<UploadProgress count={kept.length} percent={0} />);
  const report = () => {
    const sum = [...loaded.values()].reduce((a, b) => a + b, 0);
    toast.loading(<UploadProgress count={kept.length} percent={Math.min(100, Math.round((sum / total) * 100))} />, { id: toastId });
  };

  let succeeded = 0;
  for (let i = 0; i < jobs.length; i += UPLOAD_BATCH_SIZE) {
    const batch = jobs.slice(i, i + UPLOAD_BATCH_SIZE);
    await Promise.all(
      batch.map(async ({ entry, path }) => {
        try {
          await uploadObject(target, {
            path,
            body: entry.file,
            contentType: entry.file.type,
            cacheControl: UPLOAD_CACHE_CONTROL,
            upsert: false,
            onProgress: (bytes) => {
              loaded.set(path, bytes);
              report();
            },
          });
          loaded.set(path, entry.file.size);
          succeeded += 1;
        } catch (error) {
          toast.error(`Failed to upload ${entry.file.name}: ${errorMessage(error)}`);
        }
      }),
    );
  }

  const n = kept.length;
  if (succeeded === n) toast.success(`Successfully uploaded ${n} file(s)!`, { id: toastId });
  else if (succeeded > 0) toast.success(`Successfully uploaded ${succeeded} out of ${n} file(s)!`, { id: toastId });
  else toast.error(`Failed to upload ${n} file(s)!`, { id: toastId });

  await refreshBucket(env);
  env.dispatch({ type: 'removeTemporary', prefix, names: [...fileRows, ...folderRows].map((row) => row.name) });
}

/** Spec §4: a new folder is created by uploading its placeholder file; the row shows at once. */
export async function createFolder(env: ActionEnv, name: string, prefix: string, columnIndex: number): Promise<void> {
  env.dispatch({ type: 'setEditing', editing: null });
  env.dispatch({ type: 'addTemporary', prefix, items: [temporaryItem(name, 'FOLDER', 'READY', prefix, columnIndex)], at: 'start' });
  try {
    await uploadPlaceholder(env, joinPath(prefix, name));
  } catch (error) {
    toast.error(`Failed to create folder: ${errorMessage(error)}`);
  }
  await refreshBucket(env);
  env.dispatch({ type: 'removeTemporary', prefix, names: [name] });
}
