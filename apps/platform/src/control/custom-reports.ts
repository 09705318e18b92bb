/**
 * Custom reports: charts over log queries, saved per project with the SQL snippets' rules (content.ts):
 * a 'user' report is its owner's alone (others get not-found, even by id), a 'project' report is
 * shared with every member who can see the project and changed by those who may write content.
 * Each chart's SQL is checked with the logs API's own checker when saved, so a report never holds a
 * query the logs API would refuse; running the charts is the logs API's business (ANALYTICS_READ).
 */
import type { BodyOf, CustomReport, ReportChart } from '@plinth/api-contract';
import { PlinthError } from '@plinth/errors';
import { scopeLogQuery } from '@plinth/log-sql';
import { Action, Resource, can, type Role } from '@plinth/permissions';
import { LOG_SOURCES } from '../data-plane/logs/sources.ts';
import { recordAudit } from './audit.ts';
import { canEdit } from './content.ts';
import type { Actor, ControlContext } from './context.ts';
import { accessProject } from './project-rows.ts';

interface ReportRow {
  id: string;
  project_ref: string;
  owner_id: string;
  name: string;
  description: string | null;
  visibility: 'user' | 'project';
  charts: ReportChart[] | string;
  inserted_at: Date | string;
  updated_at: Date | string;
}

function present(row: ReportRow, actor: Actor, role: Role): CustomReport {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    visibility: row.visibility,
    // jsonb arrives parsed from pg and PGlite alike; text only if a driver ever hands it over raw.
    charts: typeof row.charts === 'string' ? (JSON.parse(row.charts) as ReportChart[]) : row.charts,
    owner_id: row.owner_id,
    project_ref: row.project_ref,
    inserted_at: new Date(row.inserted_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    can_edit: canEdit(row, actor, role),
  };
}

/** A report the caller may see: their own, or a shared one of this project. */
async function visibleReport(ctx: ControlContext, actor: Actor, ref: string, id: string): Promise<ReportRow | undefined> {
  const { rows } = await ctx.db.query<ReportRow>(
    `select * from custom_reports where id = $1 and project_ref = $2 and (visibility = 'project' or owner_id = $3)`,
    [id, ref, actor.userId],
  );
  return rows[0];
}

export async function listReports(ctx: ControlContext, actor: Actor, ref: string): Promise<{ data: CustomReport[] }> {
  const { role } = await accessProject(ctx, actor, ref);
  const { rows } = await ctx.db.query<ReportRow>(
    `select * from custom_reports where project_ref = $1 and (visibility = 'project' or owner_id = $2) order by updated_at desc, id`,
    [ref, actor.userId],
  );
  return { data: rows.map((row) => present(row, actor, role)) };
}

/** Creates the report (client-chosen id) or saves over it, after every chart's SQL passed the log checker. */
export async function upsertReport(ctx: ControlContext, actor: Actor, ref: string, body: BodyOf<'customReportUpsert'>): Promise<CustomReport> {
  const { role, project } = await accessProject(ctx, actor, ref);
  const { rows } = await ctx.db.query<ReportRow>('select * from custom_reports where id = $1', [body.id]);
  const current = rows[0];
  if (current) {
    if (current.project_ref !== ref || (current.visibility === 'user' && current.owner_id !== actor.userId)) {
      throw new PlinthError('content_not_found');
    }
    if (!canEdit(current, actor, role)) throw new PlinthError('forbidden');
    // Sharing is creating content for everyone; a shared report is not taken back into one person's hands.
    if (current.visibility !== body.visibility && (body.visibility === 'user' || !can(role, Action.CREATE, Resource.USER_CONTENT))) {
      throw new PlinthError('forbidden');
    }
  } else if (!can(role, Action.CREATE, Resource.USER_CONTENT)) {
    throw new PlinthError('forbidden', 'Your report will not be saved as you do not have sufficient permissions');
  }
  await assertChartsValid(body.charts);
  await ctx.db.query(
    `insert into custom_reports (id, project_ref, owner_id, name, description, visibility, charts, last_updated_by)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $3)
     on conflict (id) do update set name = excluded.name, description = excluded.description,
       visibility = excluded.visibility, charts = excluded.charts, updated_at = now(), last_updated_by = $3`,
    [body.id, ref, actor.userId, body.name, body.description ?? null, body.visibility, JSON.stringify(body.charts)],
  );
  await recordAudit(ctx.db, actor, {
    action: current ? 'report.update' : 'report.create', organizationSlug: project.organization_slug, projectRef: ref, target: body.name,
  });
  const saved = await visibleReport(ctx, actor, ref, body.id);
  if (!saved) throw new PlinthError('content_not_found');
  return present(saved, actor, role);
}

export async function deleteReport(ctx: ControlContext, actor: Actor, ref: string, id: string): Promise<{ deleted: string[] }> {
  const { role, project } = await accessProject(ctx, actor, ref);
  const row = await visibleReport(ctx, actor, ref, id);
  if (!row) throw new PlinthError('content_not_found');
  const mayDelete = row.visibility === 'user' ? row.owner_id === actor.userId : can(role, Action.DELETE, Resource.USER_CONTENT);
  if (!mayDelete) throw new PlinthError('forbidden');
  await ctx.db.query('delete from custom_reports where id = $1', [id]);
  await recordAudit(ctx.db, actor, { action: 'report.delete', organizationSlug: project.organization_slug, projectRef: ref, target: row.name });
  return { deleted: [id] };
}

/** Every chart's SQL through the logs API's checker; the first refusal names its chart. Chart ids are unique. */
async function assertChartsValid(charts: ReportChart[]): Promise<void> {
  const seen = new Set<string>();
  for (const [index, chart] of charts.entries()) {
    if (seen.has(chart.id)) refuse(`charts.${index}.id`, `Chart "${chart.title}": another chart of this report has the id "${chart.id}".`);
    seen.add(chart.id);
    // Only the verdict matters here, not the scoped statement, so the log tables' schema is not looked up.
    const scoped = await scopeLogQuery(chart.sql, { sources: LOG_SOURCES, tableSchema: 'public' });
    if ('error' in scoped) refuse(`charts.${index}.sql`, `Chart "${chart.title}": ${scoped.error.message}`);
  }
}

function refuse(path: string, message: string): never {
  throw new PlinthError('validation_failed', message, { issues: [{ path, message }] });
}
