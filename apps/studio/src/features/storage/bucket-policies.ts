import type { Policy } from '../../data/pg-meta/types.ts';

/** The bucket id as Postgres prints it inside a policy expression: a quoted string literal. */
function bucketLiteral(bucketId: string): string {
  return `'${bucketId.replaceAll("'", "''")}'`;
}

/**
 * The storage.objects policies tied to one bucket: those whose USING or WITH CHECK expression names
 * the bucket id. Matching the quoted literal rather than the bare id keeps bucket "a" from claiming
 * every policy that contains the letter a.
 */
export function policiesOfBucket(policies: Policy[], bucketId: string): Policy[] {
  const literal = bucketLiteral(bucketId);
  return policies.filter(
    (policy) =>
      policy.schema === 'storage' &&
      policy.table === 'objects' &&
      [policy.definition, policy.check].some((expression) => expression?.includes(literal)),
  );
}
