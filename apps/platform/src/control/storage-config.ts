import type { ResponseOf } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import { limits, MAX_UPLOAD_SIZE_BYTES, type Plan } from '@plinth/plans';
import { authorize } from './access.ts';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';
import { accessProject } from './project-rows.ts';

/**
 * The global upload limit of a project: what its members set (paid plans), else the plan's own
 * (50 MB on Free, 5 GB on Pro and Team; Enterprise's "custom" reads as the platform maximum).
 * It overrides every bucket's own limit.
 */
export function uploadLimitOf(plan: Plan, configured: number | string | null | undefined): number {
  const planLimit = limits(plan).uploadSizeBytes ?? MAX_UPLOAD_SIZE_BYTES;
  if (plan === 'free' || configured === null || configured === undefined) return planLimit;
  return Math.min(Number(configured), planLimit);
}

/** Image transformations are a paid-plan feature (Pro: 100 origin images included, then $5 per 1000). */
export function imageTransformationOf(plan: Plan): boolean {
  return plan !== 'free';
}

function present(plan: Plan, configured: number | string | null | undefined): ResponseOf<'storageConfig'> {
  return {
    fileSizeLimit: uploadLimitOf(plan, configured),
    isFreeTier: plan === 'free',
    features: { imageTransformation: { enabled: imageTransformationOf(plan) } },
  };
}

export async function projectStorageConfig(ctx: ControlContext, actor: Actor, ref: string): Promise<ResponseOf<'storageConfig'>> {
  const { project, organization } = await accessProject(ctx, actor, ref);
  return present(organization.plan, project.storage_upload_limit);
}

/** Settings > Storage: the free plan's limit is fixed; paid plans choose up to 5 GB. */
export async function updateStorageConfig(ctx: ControlContext, actor: Actor, ref: string, fileSizeLimit: number): Promise<ResponseOf<'storageConfig'>> {
  const { project, role, organization } = await accessProject(ctx, actor, ref);
  authorize(role, Action.STORAGE_ADMIN_WRITE, Resource.STORAGE);
  if (organization.plan === 'free') {
    throw new PlinthError('plan_feature_unavailable', 'Upgrade to the Pro plan for a configurable upload file size limit of up to 5 GB');
  }
  await ctx.db.query('update projects set storage_upload_limit = $2 where id = $1', [project.id, fileSizeLimit]);
  await recordAudit(ctx.db, actor, { action: 'project.storage_config.update', organizationSlug: organization.slug, projectRef: ref, target: String(fileSizeLimit) });
  return present(organization.plan, fileSizeLimit);
}
