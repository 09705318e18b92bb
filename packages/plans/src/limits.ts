import type { Plan } from './plan.ts';
import { DAY_SECONDS, GB, HOUR_SECONDS, KB, MB, TB, WEEK_SECONDS } from './units.ts';

/**
 * What a plan includes, in bytes, counts, seconds or days, as services read it. `null` means the
 * plan sets no figure: "custom" on Enterprise (agreed per customer, so nothing to enforce here),
 * "never" for inactivity pause, "no limit" for the free-only limits on paid plans.
 */
export interface PlanLimits {
  databaseSizeBytes: number | null;
  storageBytes: number | null;
  bandwidthBytes: number | null;
  /** Largest single upload (the global upload limit, which overrides a bucket's own limit). */
  uploadSizeBytes: number | null;
  monthlyActiveUsers: number | null;
  functionInvocations: number | null;
  functionScriptSizeBytes: number | null;
  functionCount: number | null;
  /** Concurrent connections. */
  realtimeConnections: number | null;
  realtimeMessages: number | null;
  realtimeMaxMessageBytes: number | null;
  /** 0 = no backups (Free). */
  backupRetentionDays: number | null;
  logRetentionDays: number | null;
  /** How far back the audit trail is shown; null = all of it ("available" on Enterprise). */
  auditRetentionSeconds: number | null;
  /** Projects idle this long are paused; null = never. */
  inactivityPauseAfterSeconds: number | null;
  /** Active free projects per owner or administrator, across their free organisations. */
  freeProjectLimit: number | null;
  /** Free organisations one person may own. */
  freeOrganizationLimit: number | null;
  /**
   * The connection pooler, per project: client connections it accepts (max_client_conn) and server
   * connections it keeps (the default pool size). The spec gives no figures; these are Supabase's
   * for the compute each plan includes (Nano on Free, Micro on Pro and Team: 200 clients, pool 15).
   */
  poolerClientConnections: number | null;
  poolerDefaultPoolSize: number | null;
}

/** The largest upload Plinth accepts on any plan, and the default maximum (spec document 2 §9). */
export const MAX_UPLOAD_SIZE_BYTES = 5 * GB;

/** "Databases over 1TB require Enterprise pricing." */
export const ENTERPRISE_DATABASE_SIZE_BYTES = 1 * TB;

const FREE: PlanLimits = {
  databaseSizeBytes: 500 * MB,
  storageBytes: 1 * GB,
  bandwidthBytes: 5 * GB,
  uploadSizeBytes: 50 * MB,
  monthlyActiveUsers: 50_000,
  functionInvocations: 500_000,
  functionScriptSizeBytes: 2 * MB,
  functionCount: 10,
  realtimeConnections: 200,
  realtimeMessages: 2_000_000,
  realtimeMaxMessageBytes: 250 * KB,
  backupRetentionDays: 0,
  logRetentionDays: 1,
  auditRetentionSeconds: 1 * HOUR_SECONDS,
  inactivityPauseAfterSeconds: 1 * WEEK_SECONDS,
  freeProjectLimit: 2,
  freeOrganizationLimit: 2,
  poolerClientConnections: 200,
  poolerDefaultPoolSize: 15,
};

const PRO: PlanLimits = {
  databaseSizeBytes: 8 * GB,
  storageBytes: 100 * GB,
  bandwidthBytes: 250 * GB,
  uploadSizeBytes: 5 * GB,
  monthlyActiveUsers: 100_000,
  functionInvocations: 2_000_000,
  functionScriptSizeBytes: 10 * MB,
  functionCount: 100,
  realtimeConnections: 500,
  realtimeMessages: 5_000_000,
  realtimeMaxMessageBytes: 3 * MB,
  backupRetentionDays: 7,
  logRetentionDays: 7,
  auditRetentionSeconds: 7 * DAY_SECONDS,
  inactivityPauseAfterSeconds: null,
  freeProjectLimit: null,
  freeOrganizationLimit: null,
  poolerClientConnections: 200,
  poolerDefaultPoolSize: 15,
};

/** Team is "as Pro" except where the catalogue gives its own figure; its database size is not shown, so as Pro. */
const TEAM: PlanLimits = {
  ...PRO,
  backupRetentionDays: 14,
  logRetentionDays: 28,
  auditRetentionSeconds: 28 * DAY_SECONDS,
};

/** Enterprise is "custom" everywhere except log retention (90 days) and the audit trail (all of it). */
const ENTERPRISE: PlanLimits = {
  databaseSizeBytes: null,
  storageBytes: null,
  bandwidthBytes: null,
  uploadSizeBytes: null,
  monthlyActiveUsers: null,
  functionInvocations: null,
  functionScriptSizeBytes: null,
  functionCount: null,
  realtimeConnections: null,
  realtimeMessages: null,
  realtimeMaxMessageBytes: null,
  backupRetentionDays: null,
  logRetentionDays: 90,
  auditRetentionSeconds: null,
  inactivityPauseAfterSeconds: null,
  freeProjectLimit: null,
  freeOrganizationLimit: null,
  poolerClientConnections: null,
  poolerDefaultPoolSize: null,
};

const PLAN_LIMITS: Record<Plan, Readonly<PlanLimits>> = {
  free: Object.freeze(FREE),
  pro: Object.freeze(PRO),
  team: Object.freeze(TEAM),
  enterprise: Object.freeze(ENTERPRISE),
};

/**
 * Days of daily backups Enterprise keeps while its figure is "custom" (agreed per customer; Plinth has
 * no per-customer agreement to read, so the longest of the public plans' figures, rounded up to a month).
 */
export const ENTERPRISE_BACKUP_RETENTION_DAYS = 30;

/** Days the daily scheduled backups are kept on `plan`; 0: none are made (Free). */
export function backupRetentionDays(plan: Plan): number {
  return PLAN_LIMITS[plan].backupRetentionDays ?? ENTERPRISE_BACKUP_RETENTION_DAYS;
}

/** The limits a service enforces for an organisation on `plan`. */
export function limits(plan: Plan): Readonly<PlanLimits> {
  return PLAN_LIMITS[plan];
}
