/**
 * A project's Realtime settings as members read and change them (the realtime inspector's
 * settings, the Management API's `config/realtime`), and the inspector's short-lived token. The
 * data plane reads the same `projects.realtime_config` through the project directory.
 */
import type { RealtimeConfig, RealtimeInspectorToken } from '@plinth/api-contract';
import { Action, Resource } from '@plinth/permissions';
import { limits, type Plan } from '@plinth/plans';
import { realtimeSettingsOf } from '../data-plane/realtime/settings.ts';
import { authorize } from './access.ts';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';
import { accessProject } from './project-rows.ts';
import { roleToken, type ActAs } from './role-tokens.ts';
import { forgetProjectRow } from './project-caches.ts';

/** The inspector listens for an hour at most; it asks again when it reconnects. */
const INSPECTOR_TOKEN_SECONDS = 3600;

async function present(ctx: ControlContext, ref: string, plan: Plan, stored: unknown): Promise<RealtimeConfig> {
  const planLimits = limits(plan);
  const { rows } = await ctx.db.query<{ messages: number | string }>(
    `select messages from realtime_usage where project_ref = $1 and month = date_trunc('month', now())::date`,
    [ref],
  );
  return {
    private_only: !realtimeSettingsOf(stored).allowPublicChannels,
    max_concurrent_users: planLimits.realtimeConnections,
    max_messages_per_month: planLimits.realtimeMessages,
    max_payload_size_in_kb: planLimits.realtimeMaxMessageBytes === null ? null : Math.floor(planLimits.realtimeMaxMessageBytes / 1024),
    messages_this_month: Number(rows[0]?.messages ?? 0),
  };
}

export async function projectRealtimeConfig(ctx: ControlContext, actor: Actor, ref: string): Promise<RealtimeConfig> {
  const { project, organization } = await accessProject(ctx, actor, ref);
  return present(ctx, ref, organization.plan, (project as { realtime_config?: unknown }).realtime_config);
}

export async function updateRealtimeConfig(ctx: ControlContext, actor: Actor, ref: string, body: { private_only: boolean }): Promise<RealtimeConfig> {
  const { role, organization } = await accessProject(ctx, actor, ref);
  authorize(role, Action.UPDATE, Resource.REALTIME_CONFIG);
  const { rows } = await ctx.db.query<{ realtime_config: unknown }>(
    `update projects set realtime_config = realtime_config || $2::jsonb where ref = $1 returning realtime_config`,
    [ref, JSON.stringify({ private_only: body.private_only })],
  );
  await forgetProjectRow(ctx, ref);
  await recordAudit(ctx.db, actor, { action: 'project.realtime_config.update', organizationSlug: organization.slug, projectRef: ref, target: ref });
  return present(ctx, ref, organization.plan, rows[0].realtime_config);
}

/**
 * A token to listen as `role` (or as a user, role authenticated): whoever may read the whole
 * database with SQL may see what any role would be sent.
 */
export async function realtimeInspectorToken(ctx: ControlContext, actor: Actor, ref: string, body: ActAs): Promise<RealtimeInspectorToken> {
  const { role, project } = await accessProject(ctx, actor, ref);
  authorize(role, Action.TENANT_SQL_ADMIN_READ, Resource.SQL);
  const { token, expiresAt } = await roleToken(ctx, ref, body, INSPECTOR_TOKEN_SECONDS, 'plinth-realtime-inspector');
  return { access_token: token, apikey: project.anon_key, api_url: `${ctx.config.publicUrl}/p/${ref}`, expires_at: expiresAt };
}
