/**
 * A project's add-ons (Project Settings > Add-ons): what each one means on this Plinth, whether it is
 * on, and why it cannot be changed where it cannot. Point-in-time recovery is real (backups/pitr.ts,
 * local engine, paid plans); compute size is what the engine gives every project; a custom domain and
 * a dedicated IPv4 address need infrastructure Plinth does not manage, and say so.
 */
import type { ProjectAddon, ProjectAddons } from '@plinth/api-contract';
import { isPaidPlan, PLAN_NAMES, type Plan } from '@plinth/plans';
import type { EngineName } from '../engines/bootstrap.ts';
import { pitrSummary } from './backups/pitr.ts';
import type { Actor, ControlContext } from './context.ts';
import { accessProject } from './project-rows.ts';

/** The settings the engines start each project with (engines/local/cluster.ts, engines/embedded/worker-database.ts). */
const COMPUTE: Record<EngineName, { variant: string; description: string }> = {
  embedded: {
    variant: 'Embedded worker: shared_buffers 16 MB, one connection',
    description: 'On the embedded engine each project is a PGlite database in its own worker thread of the platform process, with 16 MB of shared buffers and one connection that queries take in turn.',
  },
  local: {
    variant: 'Own PostgreSQL cluster: shared_buffers 16 MB, max_connections 40',
    description: 'On the local engine each project is its own PostgreSQL cluster on this machine, started with shared_buffers 16 MB and max_connections 40, stopped when idle and started on the next request.',
  },
  postgres: {
    variant: "Database on a shared server: the server's connection limit",
    description: "On the Postgres server engine each project is a database on a PostgreSQL server shared with other projects: memory and the connection limit are the server's own settings.",
  },
};

const PAID_ONLY = (what: string) => `${what} is available on the Pro plan and above.`;

function compute(engine: EngineName): ProjectAddon {
  return {
    type: 'compute_instance',
    name: 'Compute size',
    description: COMPUTE[engine].description,
    enabled: true,
    variant: COMPUTE[engine].variant,
    unavailable_reason: `Compute sizes cannot be changed on this Plinth: every project on the ${engine} engine gets the resources above.`,
    price: null,
  };
}

function customDomain(ctx: ControlContext, ref: string, plan: Plan): ProjectAddon {
  return {
    type: 'custom_domain',
    name: 'Custom domain',
    description: `Your project's API is served at ${ctx.config.publicUrl}/p/${ref}. A custom domain would serve it at a hostname of your own.`,
    enabled: false,
    variant: null,
    unavailable_reason: isPaidPlan(plan)
      ? 'Custom domains are not available on this Plinth: serving a hostname of your own needs its DNS records and a TLS certificate, which Plinth does not manage. Your operator can put a reverse proxy in front of the project URL instead.'
      : PAID_ONLY('A custom domain'),
    price: '$10 per month',
  };
}

function ipv4(ctx: ControlContext): ProjectAddon {
  return {
    type: 'ipv4',
    name: 'Dedicated IPv4 address',
    description: 'A dedicated IPv4 address for direct connections to the database.',
    enabled: false,
    variant: null,
    unavailable_reason: `Dedicated IPv4 addresses are not available on this Plinth: it has no pool of addresses to assign, and every project is reached through this server's own address (${new URL(ctx.config.publicUrl).hostname}).`,
    price: null,
  };
}

export async function projectAddons(ctx: ControlContext, actor: Actor, ref: string): Promise<ProjectAddons> {
  const { project, organization } = await accessProject(ctx, actor, ref);
  const pitr = await pitrSummary(ctx, project, organization.plan);
  const engine = ctx.engine.name as EngineName;
  return {
    ref,
    organization_slug: organization.slug,
    plan: { id: organization.plan, name: PLAN_NAMES[organization.plan] },
    engine,
    addons: [
      compute(engine),
      {
        type: 'pitr',
        name: 'Point in time recovery',
        description: 'Recover the database to any moment within the retention period, replaying its write-ahead log. Enable, disable and recover in Database > Backups.',
        enabled: pitr.pitr_enabled,
        variant: pitr.pitr_enabled ? 'Enabled' : null,
        unavailable_reason: pitr.pitr_unavailable_reason,
        price: '$100 per 7 days',
      },
      customDomain(ctx, ref, organization.plan),
      ipv4(ctx),
    ],
  };
}
