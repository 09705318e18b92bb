/**
 * The five storage policy templates (spec §3 "Storage policy template"). A template names no
 * operation: the person ticks them in the editor, and one policy is created per operation.
 * `{bucket_id}` stands for the bucket the editor is open for (see applyBucketToTemplate).
 */
import type { PolicyCommand } from '../../data/pg-meta/types.ts';

export type StoragePolicyOperation = Extract<PolicyCommand, 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE'>;

export interface StoragePolicyTemplate {
  id: string;
  templateName: string;
  description: string;
  /** The policy name the editor starts with. */
  name: string;
  /** The statement shown in the template list; `{bucket_id}` and the operation are placeholders. */
  statement: string;
  /** The policy definition with the `{bucket_id}` placeholder. */
  definition: string;
  allowedOperations: StoragePolicyOperation[];
}

export const BUCKET_ID_PLACEHOLDER = '{bucket_id}';

/** A bucket id as a SQL string literal: ids may contain quotes, which double inside the literal. */
export function bucketIdLiteral(bucketId: string): string {
  return `'${bucketId.replace(/'/g, "''")}'`;
}

/** Every `{bucket_id}` of a template's text becomes the bucket's id as a SQL literal. */
export function applyBucketToTemplate(text: string, bucketId: string): string {
  return text.split(BUCKET_ID_PLACEHOLDER).join(bucketIdLiteral(bucketId));
}

/** A new policy (not from a template) starts restricted to its bucket (spec §4). */
export function newPolicyDefinition(bucketId: string): string {
  return `bucket_id = ${bucketIdLiteral(bucketId)}`;
}

/** The statement of a template, from the lines of its definition (one condition per line, with a comment). */
function statementOf(lines: [comment: string, condition: string][]): string {
  const body = lines.map(([comment, condition], index) => `  -- ${comment}\n  ${index === 0 ? '' : 'AND '}${condition}`).join('\n');
  return `CREATE POLICY "policy_name"\nON storage.objects FOR {operation} {USING | WITH CHECK} (\n${body}\n);`;
}

function template(fields: Omit<StoragePolicyTemplate, 'statement' | 'definition' | 'allowedOperations'>, lines: [string, string][]): StoragePolicyTemplate {
  return { ...fields, statement: statementOf(lines), definition: lines.map(([, condition]) => condition).join(' AND '), allowedOperations: [] };
}

const EXAMPLE_USER_ID = 'd7bed83c-44a0-4a4f-925f-efc384ea1e50';

/**
 * `(select auth.uid()::text)` rather than `auth.uid()::text`: Postgres evaluates the sub-select once
 * per statement instead of once per row, as the auth policy templates do.
 */
export const STORAGE_POLICY_TEMPLATES: readonly StoragePolicyTemplate[] = [
  template(
    {
      id: 'storage-policy-anon-jpg-public-folder',
      templateName: 'Allow anonymous users to access JPG images in a public folder',
      description: 'Anonymous users may access .jpg files inside the top level folder "public" of this bucket. Uses functions of the storage and auth schemas.',
      name: 'Anon access to JPG images in public folder',
    },
    [
      ['this bucket only', `bucket_id = ${BUCKET_ID_PLACEHOLDER}`],
      ['JPG files only', `storage."extension"(name) = 'jpg'`],
      ['inside the top level folder "public"', `LOWER((storage.foldername(name))[1]) = 'public'`],
      ['for anonymous users', `auth.role() = 'anon'`],
    ],
  ),
  template(
    {
      id: 'storage-policy-own-uid-folder',
      templateName: 'Give users access to their own top level folder named after their user id',
      description: `A user with the id ${EXAMPLE_USER_ID} may access everything under the folder ${EXAMPLE_USER_ID}/ of this bucket.`,
      name: 'Give users access to own folder',
    },
    [
      ['this bucket only', `bucket_id = ${BUCKET_ID_PLACEHOLDER}`],
      ['the top level folder is the user id', '(select auth.uid()::text) = (storage.foldername(name))[1]'],
    ],
  ),
  template(
    {
      id: 'storage-policy-authenticated-private-folder',
      templateName: 'Give authenticated users access to a private folder',
      description: 'Signed-in users may access the top level folder "private" of this bucket; anonymous users may not.',
      name: 'Authenticated access to private folder',
    },
    [
      ['this bucket only', `bucket_id = ${BUCKET_ID_PLACEHOLDER}`],
      ['inside the top level folder "private"', `(storage.foldername(name))[1] = 'private'`],
      ['for signed-in users', `auth.role() = 'authenticated'`],
    ],
  ),
  template(
    {
      id: 'storage-policy-nested-folder-one-user',
      templateName: 'Give one user access to the nested folder admin/assets',
      description: 'Only the user with the given id may access the folder admin/assets of this bucket. Replace the id with your user\'s.',
      name: 'Give one user access to admin/assets',
    },
    [
      ['this bucket only', `bucket_id = ${BUCKET_ID_PLACEHOLDER}`],
      ['inside admin/assets', `(storage.foldername(name))[1] = 'admin' AND (storage.foldername(name))[2] = 'assets'`],
      ['for one user', `(select auth.uid()::text) = '${EXAMPLE_USER_ID}'`],
    ],
  ),
  template(
    {
      id: 'storage-policy-one-file-one-user',
      templateName: 'Give one user access to one file',
      description: 'Only the user with the given id may access the file admin/assets/Costa Rican Frog.jpg of this bucket. Replace the path and id with yours.',
      name: 'Give one user access to a file',
    },
    [
      ['this bucket only', `bucket_id = ${BUCKET_ID_PLACEHOLDER}`],
      ['this file only', `name = 'admin/assets/Costa Rican Frog.jpg'`],
      ['for one user', `(select auth.uid()::text) = '${EXAMPLE_USER_ID}'`],
    ],
  ),
];
