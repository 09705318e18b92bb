/**
 * The SQL of RLS policy changes, pure (no I/O): the studio's review step imports these to show
 * "the exact SQL that will run", and the server runs the very same text.
 */
import { PlinthError } from '@plinth/errors';
import { z } from 'zod';
import { ident, qualified } from './identifiers.ts';
import { sqlFragment } from './sql-lexer.ts';

export const POLICY_COMMANDS = ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'ALL'] as const;
export type PolicyCommand = (typeof POLICY_COMMANDS)[number];

export const policySchema = z.object({
  id: z.number(),
  schema: z.string(),
  table: z.string(),
  table_id: z.number(),
  name: z.string(),
  action: z.enum(['PERMISSIVE', 'RESTRICTIVE']),
  /** Role names; ['public'] means everyone. */
  roles: z.array(z.string()),
  command: z.enum(POLICY_COMMANDS),
  /** The USING expression. */
  definition: z.string().nullable(),
  /** The WITH CHECK expression. */
  check: z.string().nullable(),
});
export type Policy = z.infer<typeof policySchema>;

export const policyCreateBody = z.object({
  schema: z.string().default('public'),
  table: z.string(),
  name: z.string(),
  command: z.enum(POLICY_COMMANDS).default('ALL'),
  definition: z.string().nullable().optional(),
  check: z.string().nullable().optional(),
  /** Empty or absent: public (everyone). */
  roles: z.array(z.string()).optional(),
  action: z.enum(['PERMISSIVE', 'RESTRICTIVE']).default('PERMISSIVE'),
});
export type PolicyCreate = z.input<typeof policyCreateBody>;

export const policyUpdateBody = z.object({
  name: z.string().optional(),
  definition: z.string().nullable().optional(),
  check: z.string().nullable().optional(),
  /** Empty: public, as the spec says for edits. */
  roles: z.array(z.string()).optional(),
  /** Accepted only if unchanged: Postgres cannot change a policy's command (drop and recreate it). */
  command: z.enum(POLICY_COMMANDS).optional(),
});
export type PolicyUpdate = z.infer<typeof policyUpdateBody>;

/** `public` is a keyword here, not a role name: quoting it would name a role called "public". */
export function rolesSql(roles: readonly string[] | undefined): string {
  const list = (roles ?? []).filter((r) => r !== '');
  if (list.length === 0 || list.includes('public')) return 'public';
  return list.map((r) => ident(r, 'role name')).join(', ');
}

const present = (expr: string | null | undefined): expr is string => typeof expr === 'string' && expr.trim() !== '';

/** CREATE POLICY "name" ON "schema"."table" AS PERMISSIVE FOR <command> TO <roles> USING (...) WITH CHECK (...) */
export function buildPolicyCreateSql(policy: PolicyCreate): string {
  const parts = [
    `CREATE POLICY ${ident(policy.name, 'policy name')} ON ${qualified(policy.schema ?? 'public', policy.table)}`,
    `AS ${policy.action ?? 'PERMISSIVE'}`,
    `FOR ${policy.command ?? 'ALL'}`,
    `TO ${rolesSql(policy.roles)}`,
  ];
  if (present(policy.definition)) parts.push(`USING (${sqlFragment(policy.definition, 'USING expression')})`);
  if (present(policy.check)) parts.push(`WITH CHECK (${sqlFragment(policy.check, 'WITH CHECK expression')})`);
  return parts.join(' ');
}

const normalisedRoles = (roles: readonly string[]) => (roles.length === 0 ? ['public'] : [...roles]).sort().join('\0');

/**
 * The statements of an edit, only for what changed (an empty list: nothing to do). They must run in
 * one transaction (see policyUpdateScript); the rename comes last so the other statement uses the old name.
 */
export function buildPolicyUpdateSql(current: Pick<Policy, 'schema' | 'table' | 'name' | 'command' | 'roles' | 'definition' | 'check'>, changes: PolicyUpdate): string[] {
  if (changes.command !== undefined && changes.command !== current.command) {
    throw new PlinthError('validation_failed', "A policy's command cannot be changed; delete the policy and create a new one.");
  }
  const target = `${ident(current.name, 'policy name')} ON ${qualified(current.schema, current.table)}`;
  const clauses: string[] = [];
  if (changes.roles !== undefined && normalisedRoles(changes.roles) !== normalisedRoles(current.roles)) {
    clauses.push(`TO ${rolesSql(changes.roles)}`);
  }
  for (const [key, keyword, label] of [['definition', 'USING', 'USING expression'], ['check', 'WITH CHECK', 'WITH CHECK expression']] as const) {
    const next = changes[key];
    if (next === undefined || (next ?? '') === (current[key] ?? '')) continue;
    if (!present(next)) {
      throw new PlinthError('validation_failed', `Postgres cannot remove a policy's ${label}; delete the policy and create a new one.`);
    }
    clauses.push(`${keyword} (${sqlFragment(next, label)})`);
  }
  const statements = clauses.length > 0 ? [`ALTER POLICY ${target} ${clauses.join(' ')}`] : [];
  if (changes.name !== undefined && changes.name !== current.name) {
    statements.push(`ALTER POLICY ${target} RENAME TO ${ident(changes.name, 'policy name')}`);
  }
  return statements;
}

export function buildPolicyDropSql(policy: Pick<Policy, 'schema' | 'table' | 'name'>): string {
  return `DROP POLICY ${ident(policy.name, 'policy name')} ON ${qualified(policy.schema, policy.table)}`;
}

/** The text the review step shows for an edit: it runs in one transaction, so it is shown in one. */
export function policyUpdateScript(statements: readonly string[]): string {
  if (statements.length === 0) return '';
  return ['BEGIN;', ...statements.map((s) => `  ${s};`), 'COMMIT;'].join('\n');
}
