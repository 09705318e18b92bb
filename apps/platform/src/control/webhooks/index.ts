/**
 * Enabling database webhooks in a project: pg_net's SQL surface and supabase_functions.http_request
 * (schema.sql) installed in its database, and the project listed in webhook_projects so every node's
 * delivery loop (delivery.ts) looks for its queued requests. The extension pg_net does not exist on
 * the embedded engine nor on most servers, so this is the Webhooks page's "Enable webhooks" action.
 */
import { readFileSync } from 'node:fs';
import type { WebhooksStatus } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import { ensureSql } from '../../engines/ensure-sql.ts';
import type { Queryable } from '../../engines/types.ts';
import { authorize } from '../access.ts';
import { recordAudit } from '../audit.ts';
import type { Actor, ControlContext } from '../context.ts';
import { accessProject, locationOf } from '../project-rows.ts';

/** Idempotent; also run by a backup restore (control/backups/restore.ts), which drops the schemas it makes. */
export const WEBHOOKS_SCHEMA_SQL = readFileSync(new URL('./schema.sql', import.meta.url), 'utf8');
/** The last function schema.sql makes: its absence means the script has not run (or is older). */
const WEBHOOKS_SCHEMA_MARKER = 'supabase_functions.http_request()';

/** Installs (or upgrades) the webhooks schema in a project's database; once per opened database. */
export function ensureWebhooksSchema(db: Queryable): Promise<void> {
  return ensureSql(db, WEBHOOKS_SCHEMA_MARKER, WEBHOOKS_SCHEMA_SQL);
}

export async function webhooksStatus(ctx: ControlContext, actor: Actor, ref: string): Promise<WebhooksStatus> {
  const { role } = await accessProject(ctx, actor, ref);
  authorize(role, Action.TENANT_SQL_ADMIN_READ, Resource.SQL);
  return status(ctx, ref);
}

export async function enableWebhooks(ctx: ControlContext, actor: Actor, ref: string): Promise<WebhooksStatus> {
  const { project, role, organization } = await accessProject(ctx, actor, ref);
  authorize(role, Action.TENANT_SQL_ADMIN_WRITE, Resource.SQL);
  if (project.status !== 'ACTIVE_HEALTHY') {
    throw new PlinthError('project_not_active', `The project is ${project.status}; webhooks can be enabled once it is ACTIVE_HEALTHY.`);
  }
  await ensureWebhooksSchema(await ctx.engine.project(locationOf(project)));
  const added = await ctx.db.query('insert into webhook_projects (project_ref) values ($1) on conflict do nothing', [ref]);
  if (added.affectedRows > 0) {
    await recordAudit(ctx.db, actor, { action: 'webhooks.enable', organizationSlug: organization.slug, projectRef: ref });
  }
  return status(ctx, ref);
}

async function status(ctx: ControlContext, ref: string): Promise<WebhooksStatus> {
  const { rows } = await ctx.db.query('select 1 from webhook_projects where project_ref = $1', [ref]);
  return { enabled: rows.length > 0 };
}
