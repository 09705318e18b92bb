import { toast } from 'sonner';
import type { ProjectSettings } from '@plinth/api-contract';
import { errorMessage } from '../../lib/api.ts';
import { getPublicUrl } from '../../data/storage-objects/object-public-url.ts';
import { signObject } from '../../data/storage-objects/object-sign.ts';
import type { ActionEnv } from './action-env.ts';
import { URL_COPIED_TOAST_MS } from './constants.ts';
import { itemPath, type StorageItem } from './items.ts';

/** Spec §9: with an active custom domain the copied URL's host is the custom hostname. */
export function withCustomDomain(url: string, customDomain: ProjectSettings['customDomain'] | undefined): string {
  if (!customDomain || customDomain.status !== 'active' || !customDomain.hostname) return url;
  const parsed = new URL(url);
  parsed.host = customDomain.hostname;
  return parsed.toString();
}

/**
 * Get URL: a public bucket copies the plain URL; a private one a signed URL valid for `expiresIn`
 * seconds. Either way a "URL copied" toast shows for 4 s.
 */
export async function copyFileUrl(env: ActionEnv, item: StorageItem, expiresIn: number | null, customDomain?: ProjectSettings['customDomain']): Promise<void> {
  try {
    const path = itemPath(item);
    const url = env.bucket.public ? await getPublicUrl(env.projectRef, env.bucket.id, path) : await signObject(env.projectRef, env.bucket.id, path, expiresIn ?? 0);
    await navigator.clipboard.writeText(withCustomDomain(url, customDomain));
    toast.success('URL copied', { duration: URL_COPIED_TOAST_MS });
  } catch (error) {
    toast.error(`Failed to copy URL: ${errorMessage(error)}`);
  }
}

export async function copyFolderPath(item: StorageItem): Promise<void> {
  try {
    await navigator.clipboard.writeText(itemPath(item));
    toast.success('Copied path to folder');
  } catch {
    toast.error('Could not copy to the clipboard');
  }
}
