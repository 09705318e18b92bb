/**
 * How the storage policies page groups policies (spec §2 "Storage policies page"): one group per
 * bucket, then the other storage.objects policies, then the storage.buckets policies.
 */
import type { Bucket } from '@plinth/api-contract';
import type { Policy } from '../../data/pg-meta/types.ts';

export const OTHER_OBJECTS_LABEL = 'Other policies under storage.objects';
export const BUCKETS_TABLE_LABEL = 'Policies under storage.buckets';
/** The bucket of an objects policy tied to no known bucket. */
export const UNGROUPED = 'Ungrouped';

export type StoragePolicyGroup =
  | { kind: 'bucket'; table: 'objects'; label: string; bucket: Bucket; policies: Policy[] }
  | { kind: 'other-objects'; table: 'objects'; label: string; bucket: null; policies: Policy[] }
  | { kind: 'buckets-table'; table: 'buckets'; label: string; bucket: null; policies: Policy[] };

/**
 * The first `bucket_id = '<id>'` of an expression, as pg_get_expr prints it
 * (`(bucket_id = 'avatars'::text)`) or as people type it, either side of the `=`.
 */
export function bucketIdInExpression(expression: string | null | undefined): string | null {
  if (!expression) return null;
  const literal = `'((?:[^']|'')*)'`;
  const match =
    new RegExp(`\\bbucket_id\\b\\s*\\)?\\s*=\\s*\\(?\\s*${literal}`).exec(expression) ??
    new RegExp(`${literal}(?:::text)?\\s*\\)?\\s*=\\s*\\(?\\s*(?:[a-z_]+\\.)?bucket_id\\b`).exec(expression);
  return match ? match[1].replace(/''/g, "'") : null;
}

/** The bucket an objects policy applies to: named in its USING expression, else its WITH CHECK. */
export function bucketOfPolicy(policy: Pick<Policy, 'definition' | 'check'>, bucketIds: ReadonlySet<string>): string {
  const id = bucketIdInExpression(policy.definition) ?? bucketIdInExpression(policy.check);
  return id !== null && bucketIds.has(id) ? id : UNGROUPED;
}

const byName = (a: Policy, b: Policy) => a.name.localeCompare(b.name);

/** All groups in page order; policies of other storage tables are not shown. */
export function groupStoragePolicies(buckets: readonly Bucket[], policies: readonly Policy[]): StoragePolicyGroup[] {
  const bucketIds = new Set(buckets.map((bucket) => bucket.id));
  const byBucket = new Map<string, Policy[]>();
  for (const policy of policies) {
    if (policy.schema !== 'storage' || policy.table !== 'objects') continue;
    const bucket = bucketOfPolicy(policy, bucketIds);
    byBucket.set(bucket, [...(byBucket.get(bucket) ?? []), policy]);
  }
  return [
    ...buckets.map((bucket): StoragePolicyGroup => ({
      kind: 'bucket',
      table: 'objects',
      label: bucket.name,
      bucket,
      policies: (byBucket.get(bucket.id) ?? []).sort(byName),
    })),
    { kind: 'other-objects', table: 'objects', label: OTHER_OBJECTS_LABEL, bucket: null, policies: (byBucket.get(UNGROUPED) ?? []).sort(byName) },
    {
      kind: 'buckets-table',
      table: 'buckets',
      label: BUCKETS_TABLE_LABEL,
      bucket: null,
      policies: policies.filter((policy) => policy.schema === 'storage' && policy.table === 'buckets').sort(byName),
    },
  ];
}

const policies = (count: number) => `${count} ${count === 1 ? 'policy' : 'policies'}`;

/** The footer under a group's policies (spec §2). */
export function groupFooter(group: StoragePolicyGroup): string {
  const count = group.policies.length;
  if (group.kind === 'bucket') return `${policies(count)} in ${group.bucket.name}`;
  if (group.kind === 'buckets-table') return `${policies(count)} that target your buckets`;
  return `${policies(count)} that are not tied to any buckets`;
}
