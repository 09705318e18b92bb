/**
 * The storage policy editor's rules (spec §5 "Storage policy editor", §6 operation map), pure so
 * they are unit tested: the 50-character name, the review checks in order, one policy per
 * operation, and the generated names.
 */
import type { PolicyCreate } from '../../data/pg-meta/types.ts';
import { capName, collapseExpression } from '../policies/policy-form.ts';
import { buildPolicyCreateSql } from '../policies/policy-sql.ts';
import { applyBucketToTemplate, newPolicyDefinition, type StoragePolicyOperation, type StoragePolicyTemplate } from './storage-policy-templates.ts';

/** Room for the generated suffix inside Postgres' 63-byte names (spec §9). */
export const STORAGE_POLICY_NAME_MAX_LENGTH = 50;

export const STORAGE_POLICY_OPERATIONS: readonly StoragePolicyOperation[] = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'];

/** Spec §3 "Storage policy form". */
export interface StoragePolicyFormValues {
  name: string;
  /** Empty means everyone (public). */
  roles: string[];
  policyIds: number[];
  definition: string;
  allowedOperations: StoragePolicyOperation[];
}

export const EMPTY_STORAGE_POLICY_FORM: StoragePolicyFormValues = { name: '', roles: [], policyIds: [], definition: '', allowedOperations: [] };

/** A new policy "from scratch" starts restricted to its bucket. */
export function newStoragePolicyForm(bucketId: string): StoragePolicyFormValues {
  return { ...EMPTY_STORAGE_POLICY_FORM, definition: newPolicyDefinition(bucketId) };
}

/** A template fills the form with the bucket id put into its definition (spec §4). */
export function formFromTemplate(values: StoragePolicyFormValues, template: StoragePolicyTemplate, bucketId: string): StoragePolicyFormValues {
  return {
    ...values,
    name: capStoragePolicyName(template.name),
    definition: applyBucketToTemplate(template.definition, bucketId),
    allowedOperations: [...template.allowedOperations],
  };
}

/** Extra input is ignored (spec §5); counted in characters, not UTF-16 units. */
export function capStoragePolicyName(name: string): string {
  return capName(name, STORAGE_POLICY_NAME_MAX_LENGTH);
}

/** Ticks or unticks one operation, keeping the order SELECT, INSERT, UPDATE, DELETE. */
export function toggleOperation(operations: readonly StoragePolicyOperation[], operation: StoragePolicyOperation): StoragePolicyOperation[] {
  const next = operations.includes(operation) ? operations.filter((item) => item !== operation) : [...operations, operation];
  return STORAGE_POLICY_OPERATIONS.filter((item) => next.includes(item));
}

/** The review checks, in order, verbatim (spec §5); null when the form may be reviewed. */
export function validateStoragePolicyForm(values: StoragePolicyFormValues): string | null {
  if (values.name.trim() === '') return 'Do give your policy a name';
  if (collapseExpression(values.definition) === '') return 'Did you forget to provide a definition for your policy?';
  if (values.allowedOperations.length === 0) return 'You will need to allow at least one operation in your policy';
  return null;
}

/**
 * A short base-36 hash of the bucket name (32-bit string hash, read unsigned). Stable across
 * releases: names already created with it identify their bucket.
 */
export function bucketNameHash(bucketName: string): string {
  let hash = 0;
  for (let index = 0; index < bucketName.length; index += 1) {
    hash = (Math.imul(hash, 31) + bucketName.charCodeAt(index)) | 0;
  }
  return (hash >>> 0).toString(36);
}

/**
 * `{name} {hash}_{index}`: the hash tells buckets apart and the index the operations of one save,
 * because Postgres needs every policy name on storage.objects to be unique.
 */
export function generatedPolicyName(name: string, bucketName: string, index: number): string {
  return `${name.trim()} ${bucketNameHash(bucketName)}_${index}`;
}

/** One create body per ticked operation: INSERT takes the definition as WITH CHECK, the others as USING. */
export function storagePolicyPayloads(bucketName: string, values: StoragePolicyFormValues): PolicyCreate[] {
  const definition = collapseExpression(values.definition);
  return values.allowedOperations.map((operation, index) => ({
    schema: 'storage',
    table: 'objects',
    name: generatedPolicyName(values.name, bucketName, index),
    command: operation,
    action: 'PERMISSIVE',
    ...(operation === 'INSERT' ? { check: definition } : { definition }),
    // Empty means public: pg-meta writes `TO public` for no roles.
    roles: [...values.roles],
  }));
}

export interface StoragePolicyStatement {
  operation: StoragePolicyOperation;
  description: string;
  /** The exact SQL the server runs for this policy. */
  sql: string;
  payload: PolicyCreate;
}

/**
 * What the review shows and the save sends. Throws (with a message for a person) when pg-meta's
 * builder refuses the input, e.g. a definition that ends the statement.
 */
export function reviewStoragePolicies(bucketName: string, values: StoragePolicyFormValues): StoragePolicyStatement[] {
  return storagePolicyPayloads(bucketName, values).map((payload) => {
    const operation = payload.command as StoragePolicyOperation;
    return {
      operation,
      description: `Add policy for the ${operation} operation under the policy "${values.name.trim()}"`,
      sql: `${buildPolicyCreateSql(payload)};`,
      payload,
    };
  });
}

/** Which client library methods need which operations (spec §6); a public URL needs none. */
export const STORAGE_CLIENT_OPERATIONS: Readonly<Record<string, readonly StoragePolicyOperation[]>> = {
  upload: ['INSERT'],
  download: ['SELECT'],
  list: ['SELECT'],
  update: ['SELECT', 'UPDATE'],
  move: ['SELECT', 'UPDATE'],
  copy: ['SELECT', 'INSERT'],
  remove: ['SELECT', 'DELETE'],
  createSignedUrl: ['SELECT'],
  createSignedUrls: ['SELECT'],
  getPublicUrl: [],
};

/** The client methods the ticked operations allow, in the map's order. */
export function allowedClientMethods(operations: readonly StoragePolicyOperation[]): string[] {
  return Object.entries(STORAGE_CLIENT_OPERATIONS)
    .filter(([, needed]) => needed.every((operation) => operations.includes(operation)))
    .map(([method]) => method);
}

export function isStoragePolicyFormDirty(values: StoragePolicyFormValues, initial: StoragePolicyFormValues): boolean {
  return (
    values.name !== initial.name ||
    values.definition !== initial.definition ||
    values.roles.join('\0') !== initial.roles.join('\0') ||
    values.allowedOperations.join('\0') !== initial.allowedOperations.join('\0')
  );
}
