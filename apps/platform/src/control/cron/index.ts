/**
 * Enabling cron in a project: pg_cron's SQL surface (schema.sql) installed in its database, and the
 * project listed in cron_projects so the cron tick (runner.ts) looks at its jobs. `create extension
 * pg_cron` does not exist on the embedded engine nor on a server without pg_cron, so this is the
 * Cron page's "Enable" action instead of the Extensions page's.
 */
import { readFileSync } from 'node:fs';
import type { CronStatus } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { Action, Resource } from '@plinth/permissions';
import { ensureSql } from '../../engines/ensure-sql.ts';
import type { Queryable } from '../../engines/types.ts';
import { authorize } from '../access.ts';
import { recordAudit } from '../audit.ts';
import type { Actor, ControlContext } from '../context.ts';
import { accessProject, locationOf } from '../project-rows.ts';

const CRON_SCHEMA_SQL = readFileSync(new URL('./schema.sql', import.meta.url), 'utf8');
/** The newest function schema.sql makes: its absence means the script has not run (or is older). */
const CRON_SCHEMA_MARKER = 'cron.alter_job(bigint,text,text,text,text,boolean)';

/** Installs (or upgrades) the cron schema in a project's database; once per opened database. */
export function ensureCronSchema(db: Queryable): Promise<void> {
  return ensureSql(db, CRON_SCHEMA_MARKER, CRON_SCHEMA_SQL);
}

export async function cronStatus(ctx: ControlContext, actor: Actor, ref: string): Promise<CronStatus> {
  const { role } = await accessProject(ctx, actor, ref);
  authorize(role, Action.TENANT_SQL_ADMIN_READ, Resource.SQL);
  return status(ctx, ref);
}

export async function enableCron(ctx: ControlContext, actor: Actor, ref: string): Promise<CronStatus> {
  const { project, role, organization } = await accessProject(ctx, actor, ref);
  authorize(role, Action.TENANT_SQL_ADMIN_WRITE, Resource.SQL);
  if (project.status !== 'ACTIVE_HEALTHY') {
    throw new PlinthError('project_not_active', `The project is ${project.status}; cron can be enabled once it is ACTIVE_HEALTHY.`);
  }
  await ensureCronSchema(await ctx.engine.project(locationOf(project)));
  const added = await ctx.db.query('insert into cron_projects (project_ref) values ($1) on conflict do nothing', [ref]);
  if (added.affectedRows > 0) {
    await recordAudit(ctx.db, actor, { action: 'cron.enable', organizationSlug: organization.slug, projectRef: ref });
    // Jobs scheduled right away start within seconds rather than at the next tick.
    await ctx.jobs.send('cron-tick', {});
  }
  return status(ctx, ref);
}

async function status(ctx: ControlContext, ref: string): Promise<CronStatus> {
  const { rows } = await ctx.db.query('select 1 from cron_projects where project_ref = $1', [ref]);
  return { enabled: rows.length > 0, timeout_seconds: Math.round(ctx.config.cronTimeoutMs / 1000) };
}
