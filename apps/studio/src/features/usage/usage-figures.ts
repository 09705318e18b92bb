/** How the usage page reads the API's metrics: names, units, and the "Exceeding usage limits" rule. */
import type { OrganizationUsage, UsageMetric } from '@plinth/api-contract';
import { formatSize } from '../../lib/format.ts';

export type UsageEntry = OrganizationUsage['usages'][number];

export const METRIC_TITLES: Record<UsageMetric, { title: string; description: string }> = {
  DATABASE_SIZE: { title: 'Database size', description: 'The size of your project databases, measured now.' },
  STORAGE_SIZE: { title: 'Storage size', description: 'The bytes of files stored in your projects, measured now.' },
  EGRESS: { title: 'Egress', description: 'Response bytes sent by the APIs of your projects (REST, Auth, Storage, Realtime, Edge Functions).' },
  MONTHLY_ACTIVE_USERS: { title: 'Monthly Active Users', description: 'Distinct users who signed in during the billing cycle.' },
  FUNCTION_INVOCATIONS: { title: 'Edge Function Invocations', description: 'Calls to your edge functions.' },
  REALTIME_MESSAGE_COUNT: { title: 'Realtime Messages', description: 'Messages sent and delivered through Realtime.' },
  REALTIME_PEAK_CONNECTIONS: { title: 'Realtime Peak Connections', description: 'The most concurrent Realtime connections in any hour.' },
  STORAGE_IMAGES_TRANSFORMED: { title: 'Storage Image Transformations', description: 'Distinct origin images transformed.' },
  COMPUTE_HOURS: { title: 'Compute Hours', description: 'Hours your projects were running.' },
};

const BYTE_METRICS = new Set<string>(['DATABASE_SIZE', 'STORAGE_SIZE', 'EGRESS']);

export function formatUsage(metric: string, value: number): string {
  return BYTE_METRICS.has(metric) ? formatSize(value) : Math.round(value).toLocaleString('en-US');
}

export function isOverFreeUnits(entry: UsageEntry): boolean {
  return entry.available_in_plan && !entry.unlimited && entry.pricing_free_units !== null && entry.usage > entry.pricing_free_units;
}

/**
 * Spec document 1 §9: the badge shows for free plans, or pro plans with usage billing off (the
 * server marks those metrics `capped`), when a capped metric exceeds its free units.
 */
export function isExceedingUsageLimits(usage: OrganizationUsage | undefined): boolean {
  return !!usage?.usages.some((entry) => entry.capped && isOverFreeUnits(entry));
}
