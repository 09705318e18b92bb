/** A project's storage service, as the data plane and the platform API (the studio's explorer) reach it. */
import type { ControlContext } from '../../control/context.ts';
import { projectDirectoryFor } from '../gateway/index.ts';
import { ProjectImages } from './image-render.ts';
import { ProjectStorage } from './service.ts';

export { SERVICE_CALLER, type StorageCaller } from './as-caller.ts';
export { StorageError, toStorageError } from './errors.ts';
export { ProjectStorage, type ReadAccess, type Upload } from './service.ts';
export { ProjectImages, type RenderedImage } from './image-render.ts';

export async function projectStorageFor(ctx: ControlContext, ref: string): Promise<ProjectStorage> {
  const directory = projectDirectoryFor(ctx);
  const project = directory.cached(ref) ?? (await directory.resolve(ref));
  return new ProjectStorage({
    ref: project.ref, db: project.db, jwtSecret: project.jwtSecret, store: ctx.objects,
    uploadLimit: project.uploadLimit, storageQuota: project.storageQuota,
  });
}

/** The project's image transformations (/render/image), over its storage; the plan decides whether they answer. */
export async function projectImagesFor(ctx: ControlContext, ref: string): Promise<ProjectImages> {
  const directory = projectDirectoryFor(ctx);
  const project = directory.cached(ref) ?? (await directory.resolve(ref));
  return new ProjectImages(await projectStorageFor(ctx, ref), { jwtSecret: project.jwtSecret, imageTransformation: project.imageTransformation });
}
