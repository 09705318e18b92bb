import { describe, expect, it } from 'vitest';
import type { Policy } from '../src/data/pg-meta/types.ts';
import {
  capName, createBody, EMPTY_POLICY_FORM, formFromPolicy, isDirty, nameLength, reviewPolicy, updateChanges, validatePolicyForm, withCommand,
  type PolicyFormValues,
} from '../src/features/policies/policy-form.ts';
import { POLICY_TEMPLATES } from '../src/features/policies/policy-templates.ts';

const target = { schema: 'public', table: 'todos' };
const form = (values: Partial<PolicyFormValues>): PolicyFormValues => ({ ...EMPTY_POLICY_FORM, ...values });
const existing: Policy = {
  id: 1, schema: 'public', table: 'todos', table_id: 10, name: 'Own rows', action: 'PERMISSIVE',
  roles: ['authenticated'], command: 'UPDATE', definition: '(auth.uid() = user_id)', check: '(auth.uid() = user_id)',
};

describe('policy validation (spec §5, messages verbatim)', () => {
  it('asks for a name, then a command, then the expressions the command needs', () => {
    expect(validatePolicyForm(form({}))).toBe('Do give your policy a name');
    expect(validatePolicyForm(form({ name: 'p' }))).toBe('You will need to allow at one operation in your policy');
    expect(validatePolicyForm(form({ name: 'p', command: 'SELECT' }))).toBe('Did you forget to provide a USING expression for your policy?');
    expect(validatePolicyForm(form({ name: 'p', command: 'DELETE', definition: '   ' }))).toBe('Did you forget to provide a USING expression for your policy?');
    expect(validatePolicyForm(form({ name: 'p', command: 'INSERT' }))).toBe('Did you forget to provide a WITH CHECK expression for your policy?');
    expect(validatePolicyForm(form({ name: 'p', command: 'UPDATE' }))).toBe(
      'You will need to provide either a USING, or WITH CHECK expression, or both for your policy',
    );
    expect(validatePolicyForm(form({ name: 'p', command: 'UPDATE', check: 'true' }))).toBeNull();
    expect(validatePolicyForm(form({ name: 'p', command: 'ALL' }))).toBeNull();
  });

  it('caps the name at 63 characters and counts characters, not UTF-16 units', () => {
    expect(nameLength(capName('x'.repeat(80)))).toBe(63);
    expect(nameLength(capName('😀'.repeat(70)))).toBe(63);
  });
});

describe('command change (spec §4)', () => {
  it('clears USING for INSERT and WITH CHECK for SELECT and DELETE', () => {
    const both = form({ name: 'p', command: 'ALL', definition: 'a', check: 'b' });
    expect(withCommand(both, 'INSERT')).toMatchObject({ definition: '', check: 'b' });
    expect(withCommand(both, 'SELECT')).toMatchObject({ definition: 'a', check: '' });
    expect(withCommand(both, 'DELETE')).toMatchObject({ definition: 'a', check: '' });
    expect(withCommand(both, 'UPDATE')).toMatchObject({ definition: 'a', check: 'b' });
  });
});

describe('create', () => {
  it('collapses whitespace, is PERMISSIVE and to public without roles', () => {
    const values = form({ name: 'Read own', command: 'SELECT', definition: '  auth.uid()\n   =  user_id ', check: 'ignored' });
    expect(createBody(values, target)).toEqual({
      schema: 'public', table: 'todos', name: 'Read own', command: 'SELECT', action: 'PERMISSIVE', definition: 'auth.uid() = user_id', roles: [],
    });
    const review = reviewPolicy(values, target, null);
    expect(review.sql).toBe('CREATE POLICY "Read own" ON "public"."todos" AS PERMISSIVE FOR SELECT TO public USING (auth.uid() = user_id);');
  });

  it('quotes roles and names', () => {
    const review = reviewPolicy(form({ name: 'a "b"', command: 'INSERT', check: 'true', roles: ['authenticated', 'anon'] }), target, null);
    expect(review.sql).toBe('CREATE POLICY "a ""b""" ON "public"."todos" AS PERMISSIVE FOR INSERT TO "authenticated", "anon" WITH CHECK (true);');
  });

  it('refuses an expression that would end the statement', () => {
    expect(() => reviewPolicy(form({ name: 'x', command: 'SELECT', definition: 'true); drop table todos; --' }), target, null)).toThrow();
  });
});

describe('edit', () => {
  it('sends only changed fields and shows them in one transaction', () => {
    const values = { ...formFromPolicy(existing), name: 'Renamed', definition: 'auth.uid() = owner_id' };
    expect(updateChanges(existing, values)).toEqual({ name: 'Renamed', definition: 'auth.uid() = owner_id' });
    const review = reviewPolicy(values, target, existing);
    expect(review.sql).toBe(
      'BEGIN;\n  ALTER POLICY "Own rows" ON "public"."todos" USING (auth.uid() = owner_id);\n  ALTER POLICY "Own rows" ON "public"."todos" RENAME TO "Renamed";\nCOMMIT;',
    );
  });

  it('turns empty roles into public', () => {
    expect(updateChanges(existing, { ...formFromPolicy(existing), roles: [] })).toEqual({ roles: ['public'] });
  });

  it('has no changes when only whitespace differs', () => {
    const values = { ...formFromPolicy(existing), definition: ' (auth.uid()   = user_id) ' };
    const review = reviewPolicy(values, target, existing);
    expect(review).toMatchObject({ kind: 'update', hasChanges: false, sql: '' });
    expect(isDirty(formFromPolicy(existing), formFromPolicy(existing))).toBe(false);
  });
});

describe('templates', () => {
  it('are five, each valid and each with a statement for the table', () => {
    expect(POLICY_TEMPLATES).toHaveLength(5);
    for (const template of POLICY_TEMPLATES) {
      const values = form({ name: template.name, command: template.command, definition: template.definition, check: template.check, roles: template.roles });
      expect(validatePolicyForm(values)).toBeNull();
      expect(template.statement(target)).toMatch(/^CREATE POLICY .* ON "public"."todos" AS PERMISSIVE/);
    }
  });
});
