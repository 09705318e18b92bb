import * as m from '@plinth/pg-meta';
import { Resource } from '@plinth/permissions';
import type { PgMetaKit } from './index.ts';

const policyName = (p: m.Policy) => `${p.schema}.${p.table}.${p.name}`;

/** RLS policies (spec document 1 §6: TENANT_SQL_ADMIN_WRITE on policies) and the roles they apply to. */
export function policyRoutes({ define, read, change, paged }: PgMetaKit): void {
  const P = Resource.POLICIES;

  define('pgMetaPolicies', ({ actor, params, query, reply }) => read(actor, params.ref, P, async (db) => paged(reply, await m.listPolicies(db, query))));
  define('pgMetaPolicy', ({ actor, params }) => read(actor, params.ref, P, (db) => m.getPolicy(db, params.id)));
  define('pgMetaPolicyCreate', ({ actor, params, body }) => change(actor, params.ref, { resource: P, action: 'pg_meta.policy.create', run: (tx) => m.createPolicy(tx, body), target: policyName }));
  // Reading is enough to see what an edit would run; the review step shows it before the member saves.
  define('pgMetaPolicyPreview', ({ actor, params, body }) => read(actor, params.ref, P, async (db) => ({
    sql: 'id' in body ? await m.previewPolicyUpdate(db, body.id, body.changes) : `${m.buildPolicyCreateSql(body)};`,
  })));
  define('pgMetaPolicyUpdate', ({ actor, params, body }) => change(actor, params.ref, { resource: P, action: 'pg_meta.policy.update', run: (tx) => m.updatePolicy(tx, params.id, body), target: policyName }));
  define('pgMetaPolicyDelete', ({ actor, params }) => change(actor, params.ref, { resource: P, action: 'pg_meta.policy.delete', run: (tx) => m.deletePolicy(tx, params.id), target: policyName }));

  const T = Resource.TABLES;
  const roleName = (r: m.Role) => r.name;
  define('pgMetaRoles', ({ actor, params, query, reply }) => read(actor, params.ref, T, async (db) => paged(reply, await m.listRoles(db, query))));
  define('pgMetaRole', ({ actor, params }) => read(actor, params.ref, T, (db) => m.getRole(db, params.id)));
  define('pgMetaRoleCreate', ({ actor, params, body }) => change(actor, params.ref, { resource: T, action: 'pg_meta.role.create', run: (tx) => m.createRole(tx, body), target: roleName }));
  define('pgMetaRoleUpdate', ({ actor, params, body }) => change(actor, params.ref, { resource: T, action: 'pg_meta.role.update', run: (tx) => m.updateRole(tx, params.id, body), target: roleName }));
  define('pgMetaRoleDelete', ({ actor, params }) => change(actor, params.ref, { resource: T, action: 'pg_meta.role.delete', run: (tx) => m.deleteRole(tx, params.id), target: roleName }));
}
