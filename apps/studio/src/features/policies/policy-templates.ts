/** The five policy templates (spec document 1, "Policy editor side panel"; §9 template count 5). */
import type { PolicyCommand } from '../../data/pg-meta/types.ts';
import { buildPolicyCreateSql } from './policy-sql.ts';

export interface PolicyTemplate {
  id: string;
  templateName: string;
  description: string;
  /** The statement as it would run on the table the panel is open for. */
  statement: (target: { schema: string; table: string }) => string;
  name: string;
  definition: string;
  check: string;
  command: PolicyCommand;
  roles: string[];
}

type TemplateFields = Omit<PolicyTemplate, 'statement'>;

function template(fields: TemplateFields): PolicyTemplate {
  return {
    ...fields,
    statement: ({ schema, table }) => {
      try {
        return `${buildPolicyCreateSql({
          schema,
          table,
          name: fields.name,
          command: fields.command,
          definition: fields.definition || null,
          check: fields.check || null,
          roles: fields.roles,
          action: 'PERMISSIVE',
        })};`;
      } catch {
        // A table name pg-meta refuses cannot have policies anyway; show the template without it.
        return '';
      }
    },
  };
}

/**
 * `(select auth.uid())` rather than `auth.uid()`: Postgres evaluates the sub-select once per
 * statement instead of once per row, the form Supabase's RLS performance advice recommends.
 */
export const POLICY_TEMPLATES: readonly PolicyTemplate[] = [
  template({
    id: 'policy-read-all',
    templateName: 'Enable read access for all users',
    description: 'This policy gives read access to your table for all users via the SELECT operation.',
    name: 'Enable read access for all users',
    command: 'SELECT',
    definition: 'true',
    check: '',
    roles: [],
  }),
  template({
    id: 'policy-insert-authenticated',
    templateName: 'Enable insert for authenticated users only',
    description: 'This policy gives insert access to your table for all authenticated users only.',
    name: 'Enable insert for authenticated users only',
    command: 'INSERT',
    definition: '',
    check: 'true',
    roles: ['authenticated'],
  }),
  template({
    id: 'policy-update-by-email',
    templateName: 'Enable update for users based on email',
    description:
      'This policy assumes that your table has a column "email", and allows users to update rows which the "email" column matches their email.',
    name: 'Enable update for users based on email',
    command: 'UPDATE',
    definition: "(select auth.jwt()) ->> 'email' = email",
    check: "(select auth.jwt()) ->> 'email' = email",
    roles: ['authenticated'],
  }),
  template({
    id: 'policy-delete-by-user-id',
    templateName: 'Enable delete for users based on user_id',
    description:
      'This policy assumes that your table has a column "user_id", and allows users to delete rows which the "user_id" column matches their ID.',
    name: 'Enable delete for users based on user_id',
    command: 'DELETE',
    definition: '(select auth.uid()) = user_id',
    check: '',
    roles: ['authenticated'],
  }),
  template({
    id: 'policy-insert-by-user-id',
    templateName: 'Enable insert for users based on user_id',
    description:
      'This policy assumes that your table has a column "user_id", and allows users to insert rows which the "user_id" column matches their ID.',
    name: 'Enable insert for users based on user_id',
    command: 'INSERT',
    definition: '',
    check: '(select auth.uid()) = user_id',
    roles: ['authenticated'],
  }),
];
