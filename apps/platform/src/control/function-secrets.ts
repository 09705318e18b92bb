/**
 * A project's edge-function secrets (the Management API's /v1/projects/{ref}/secrets): sealed with
 * the platform secret, listed by name and the SHA-256 digest of the value (never the value), and
 * handed to the project's Deno workers as environment variables. Each change bumps the project's
 * `function_secrets_version`, so every node replaces its workers at their next request.
 */
import type { FunctionSecret } from '@plinth/api-contract';
import { Action, Resource } from '@plinth/permissions';
import { createHash } from 'node:crypto';
import type { Queryable } from '../engines/types.ts';
import { authorize } from './access.ts';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';
import type { Secrets } from './secrets.ts';
import { accessProject } from './project-rows.ts';
import { forgetProjectRow } from './project-caches.ts';

interface SecretRow {
  name: string;
  digest: string;
  updated_at: Date | string;
}

function digestOf(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

async function list(ctx: ControlContext, ref: string): Promise<FunctionSecret[]> {
  const { rows } = await ctx.db.query<SecretRow>('select name, digest, updated_at from function_secrets where project_ref = $1 order by name', [ref]);
  return rows.map((row) => ({ name: row.name, value: row.digest, updated_at: new Date(row.updated_at).toISOString() }));
}

export async function listSecrets(ctx: ControlContext, actor: Actor, ref: string): Promise<FunctionSecret[]> {
  const { role } = await accessProject(ctx, actor, ref);
  authorize(role, Action.READ, Resource.EDGE_FUNCTIONS);
  return list(ctx, ref);
}

export async function upsertSecrets(ctx: ControlContext, actor: Actor, ref: string, secrets: { name: string; value: string }[]): Promise<FunctionSecret[]> {
  const { role, organization } = await accessProject(ctx, actor, ref);
  authorize(role, Action.UPDATE, Resource.EDGE_FUNCTIONS);
  // The last value given for a name wins, as it would setting variables one after another.
  const byName = new Map(secrets.map((secret) => [secret.name, secret.value]));
  await ctx.db.transaction(async (tx) => {
    for (const [name, value] of byName) {
      await tx.query(
        `insert into function_secrets (project_ref, name, value_enc, digest) values ($1, $2, $3, $4)
         on conflict (project_ref, name) do update set value_enc = excluded.value_enc, digest = excluded.digest, updated_at = now()`,
        [ref, name, ctx.secrets.encrypt(value), digestOf(value)],
      );
    }
    await tx.query('update projects set function_secrets_version = function_secrets_version + 1 where ref = $1', [ref]);
  });
  await forgetProjectRow(ctx, ref);
  await recordAudit(ctx.db, actor, { action: 'project.secrets.update', organizationSlug: organization.slug, projectRef: ref, target: [...byName.keys()].join(',') });
  return list(ctx, ref);
}

export async function deleteSecrets(ctx: ControlContext, actor: Actor, ref: string, names: string[]): Promise<{ message: string }> {
  const { role, organization } = await accessProject(ctx, actor, ref);
  authorize(role, Action.UPDATE, Resource.EDGE_FUNCTIONS);
  const deleted = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ name: string }>('delete from function_secrets where project_ref = $1 and name = any($2::text[]) returning name', [ref, names]);
    if (rows.length > 0) await tx.query('update projects set function_secrets_version = function_secrets_version + 1 where ref = $1', [ref]);
    return rows.map((row) => row.name);
  });
  await forgetProjectRow(ctx, ref);
  await recordAudit(ctx.db, actor, { action: 'project.secrets.delete', organizationSlug: organization.slug, projectRef: ref, target: deleted.join(',') });
  return { message: deleted.length === 0 ? 'No secret had those names.' : `Deleted ${deleted.length === 1 ? 'secret' : 'secrets'} ${deleted.join(', ')}` };
}

/** The project's secrets as environment variables, for its workers (data plane; no member check). */
export async function secretEnvironment(db: Queryable, secrets: Secrets, ref: string): Promise<Record<string, string>> {
  const { rows } = await db.query<{ name: string; value_enc: string }>('select name, value_enc from function_secrets where project_ref = $1', [ref]);
  return Object.fromEntries(rows.map((row) => [row.name, secrets.decrypt(row.value_enc)]));
}
