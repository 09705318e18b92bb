/**
 * The policy editor's rules (spec document 1, §4 Policy editor and §5 Policy), pure so they are unit
 * tested: validation messages verbatim, the command-change rule, and what a save sends.
 */
import type { Policy, PolicyCommand, PolicyCreate, PolicyUpdate } from '../../data/pg-meta/types.ts';
import { buildPolicyCreateSql, buildPolicyUpdateSql, policyUpdateScript } from './policy-sql.ts';

export const POLICY_NAME_MAX_LENGTH = 63;
/** Validation notices last this long (spec §9). */
export const VALIDATION_NOTICE_MS = 4000;

export interface PolicyFormValues {
  name: string;
  command: PolicyCommand | null;
  /** USING */
  definition: string;
  /** WITH CHECK */
  check: string;
  /** Empty means everyone (public). */
  roles: string[];
}

export const EMPTY_POLICY_FORM: PolicyFormValues = { name: '', command: null, definition: '', check: '', roles: [] };

export const takesUsing = (command: PolicyCommand | null): boolean => command === 'SELECT' || command === 'UPDATE' || command === 'DELETE' || command === 'ALL';
export const takesCheck = (command: PolicyCommand | null): boolean => command === 'INSERT' || command === 'UPDATE' || command === 'ALL';

/** Extra input is ignored rather than refused: the counter shows the cap. */
export function capName(name: string, maxLength = POLICY_NAME_MAX_LENGTH): string {
  return [...name].slice(0, maxLength).join('');
}

export function nameLength(name: string): number {
  return [...name].length;
}

/** A command without USING (INSERT) clears USING; one without WITH CHECK (SELECT, DELETE) clears CHECK. */
export function withCommand(values: PolicyFormValues, command: PolicyCommand): PolicyFormValues {
  return {
    ...values,
    command,
    definition: takesUsing(command) ? values.definition : '',
    check: takesCheck(command) ? values.check : '',
  };
}

/** Whitespace collapsed and trimmed before saving (spec §5). */
export function collapseExpression(expression: string | null | undefined): string {
  return (expression ?? '').replace(/\s+/g, ' ').trim();
}

/** The first problem, verbatim from the spec, or null. */
export function validatePolicyForm(values: PolicyFormValues): string | null {
  if (values.name.trim() === '') return 'Do give your policy a name';
  if (!values.command) return 'You will need to allow at one operation in your policy';
  const hasUsing = collapseExpression(values.definition) !== '';
  const hasCheck = collapseExpression(values.check) !== '';
  if ((values.command === 'SELECT' || values.command === 'DELETE') && !hasUsing) {
    return 'Did you forget to provide a USING expression for your policy?';
  }
  if (values.command === 'INSERT' && !hasCheck) return 'Did you forget to provide a WITH CHECK expression for your policy?';
  if (values.command === 'UPDATE' && !hasUsing && !hasCheck) {
    return 'You will need to provide either a USING, or WITH CHECK expression, or both for your policy';
  }
  return null;
}

/** The form of an existing policy: `public` shows as "no role chosen". */
export function formFromPolicy(policy: Policy): PolicyFormValues {
  return {
    name: policy.name,
    command: policy.command,
    definition: policy.definition ?? '',
    check: policy.check ?? '',
    roles: policy.roles.filter((role) => role !== 'public'),
  };
}

export function createBody(values: PolicyFormValues, target: { schema: string; table: string }): PolicyCreate {
  const definition = takesUsing(values.command) ? collapseExpression(values.definition) : '';
  const check = takesCheck(values.command) ? collapseExpression(values.check) : '';
  return {
    schema: target.schema,
    table: target.table,
    name: values.name.trim(),
    command: values.command ?? 'ALL',
    action: 'PERMISSIVE',
    ...(definition ? { definition } : {}),
    ...(check ? { check } : {}),
    roles: values.roles,
  };
}

const sameRoles = (a: readonly string[], b: readonly string[]) => {
  const norm = (roles: readonly string[]) => (roles.length === 0 ? ['public'] : [...roles]).sort().join('\0');
  return norm(a) === norm(b);
};

/** Only the changed fields; empty roles become ["public"] (spec §5). The command never changes. */
export function updateChanges(original: Policy, values: PolicyFormValues): PolicyUpdate {
  const changes: PolicyUpdate = {};
  const name = values.name.trim();
  if (name !== original.name) changes.name = name;
  const definition = collapseExpression(values.definition);
  if (takesUsing(original.command) && definition !== collapseExpression(original.definition)) changes.definition = definition;
  const check = collapseExpression(values.check);
  if (takesCheck(original.command) && check !== collapseExpression(original.check)) changes.check = check;
  if (!sameRoles(values.roles, original.roles)) changes.roles = values.roles.length === 0 ? ['public'] : [...values.roles];
  return changes;
}

export type PolicyReview =
  | { kind: 'create'; body: PolicyCreate; sql: string }
  | { kind: 'update'; changes: PolicyUpdate; sql: string; hasChanges: boolean };

/**
 * What the review shows and the save sends. Throws (with a message for a person) when pg-meta's
 * builders refuse the input, e.g. a name over 63 bytes or an expression that ends the statement.
 */
export function reviewPolicy(values: PolicyFormValues, target: { schema: string; table: string }, original: Policy | null): PolicyReview {
  if (!original) {
    const body = createBody(values, target);
    return { kind: 'create', body, sql: `${buildPolicyCreateSql(body)};` };
  }
  const changes = updateChanges(original, values);
  const sql = policyUpdateScript(buildPolicyUpdateSql(original, changes));
  return { kind: 'update', changes, sql, hasChanges: sql !== '' };
}

export function isDirty(values: PolicyFormValues, initial: PolicyFormValues): boolean {
  return (
    values.name !== initial.name ||
    values.command !== initial.command ||
    values.definition !== initial.definition ||
    values.check !== initial.check ||
    !sameRoles(values.roles, initial.roles)
  );
}
