/** A project's storage service, as the data plane and the platform API (the studio's explorer) reach it. */
import type { ControlContext } from '../../control/context.ts';
import { projectDirectoryFor } from '../gateway/index.ts';
import { ProjectStorage } from './service.ts';

export { SERVICE_CALLER, type StorageCaller } from './as-caller.ts';
export { StorageError, toStorageError } from './errors.ts';
export { ProjectStorage, type ReadAccess, type Upload } from './service.ts';

export async function projectStorageFor(ctx: ControlContext, ref: string): Promise<ProjectStorage> {
  const directory = projectDirectoryFor(ctx);
  const project = directory.cached(ref) ?? (await directory.resolve(ref));
  return new ProjectStorage({
    ref: project.ref, db: project.db, jwtSecret: project.jwtSecret, store: ctx.objects,
    uploadLimit: project.uploadLimit, storageQuota: project.storageQuota,
  });
}
