import type { ResponseOf } from '@plinth/api-contract';
import { limits, MAX_UPLOAD_SIZE_BYTES } from '@plinth/plans';
import type { Actor, ControlContext } from './context.ts';
import { accessProject } from './project-rows.ts';

/**
 * A project's storage configuration as its plan sets it: the global upload limit (50 MB on Free, 5 GB
 * on Pro and Team; Enterprise's "custom" reads as the platform maximum until it can be configured).
 */
export async function projectStorageConfig(ctx: ControlContext, actor: Actor, ref: string): Promise<ResponseOf<'storageConfig'>> {
  const { organization } = await accessProject(ctx, actor, ref);
  return {
    fileSizeLimit: limits(organization.plan).uploadSizeBytes ?? MAX_UPLOAD_SIZE_BYTES,
    isFreeTier: organization.plan === 'free',
    features: { imageTransformation: { enabled: false } },
  };
}
