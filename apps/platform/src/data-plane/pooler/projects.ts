/**
 * What the pooler needs to know about a project, read from the platform database and cached for a
 * few seconds: a password reset, a new allow-list or SSL enforcement made on any node applies here
 * within CACHE_MS, and nothing that matters lives only in this process.
 */
import { BlockList, isIPv6 } from 'node:net';
import { limits, type Plan } from '@plinth/plans';
import type { PoolMode } from '@plinth/api-contract';
import type { ControlContext } from '../../control/context.ts';
import { locationOf, type ProjectRow } from '../../control/project-rows.ts';
import type { EngineName } from '../../engines/bootstrap.ts';
import type { ProjectLocation } from '../../engines/types.ts';
import { scramVerifier, type ScramVerifier } from './scram.ts';

const CACHE_MS = 3_000;
/** Where the plan sets no figure (Enterprise: agreed per customer), what the pooler still holds to. */
const UNLIMITED_CLIENTS = 10_000;
const UNLIMITED_POOL_SIZE = 200;

export interface PoolerProject {
  ref: string;
  engine: EngineName;
  location: ProjectLocation;
  isActive: boolean;
  password: string;
  verifier: ScramVerifier;
  poolMode: PoolMode;
  poolSize: number;
  maxClients: number;
  /** null: every address may connect. */
  allowed: BlockList | null;
  sslEnforced: boolean;
}

interface SettingsRow {
  pool_mode: PoolMode;
  default_pool_size: number | null;
  allowed_cidrs: string[];
  ssl_enforced: boolean;
}

/** A BlockList of the project's CIDRs (IPv4 and IPv6); an entry that does not parse is skipped, not fatal. */
export function allowList(cidrs: string[]): BlockList | null {
  if (cidrs.length === 0) return null;
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [address, bits] = cidr.split('/');
    try {
      list.addSubnet(address, Number(bits), isIPv6(address) ? 'ipv6' : 'ipv4');
    } catch {
      // The settings endpoint validates CIDRs; a bad row must not open or crash the pooler.
    }
  }
  return list;
}

/** Whether `address` (as the socket reports it, IPv4-mapped IPv6 included) is in the list. */
export function isAllowed(list: BlockList | null, address: string): boolean {
  if (!list) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return list.check(mapped[1], 'ipv4') || list.check(address, 'ipv6');
  return list.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');
}

/** Bus channel: a project's password or pooler settings changed, so every node's pooler reads its row again. */
export const POOLER_PROJECT_CHANGED = 'pooler_project_changed';

/** Tells every node's pooler (this one's included) that `ref`'s row changed; never fails the change itself. */
export async function announcePoolerChange(ctx: ControlContext, ref: string): Promise<void> {
  await ctx.bus.publish(POOLER_PROJECT_CHANGED, { ref }).catch((error: unknown) =>
    // The 3 s cache still catches up: a lost message only delays the change.
    ctx.log.error(`pooler: could not announce a change of ${ref}: ${error instanceof Error ? error.message : String(error)}`));
}

export class PoolerProjects {
  private readonly cache = new Map<string, { at: number; project: Promise<PoolerProject | null> }>();
  /** Verifiers by ref, kept while the stored password is the same: PBKDF2 runs once per password. */
  private readonly verifiers = new Map<string, { sealed: string; verifier: ScramVerifier }>();

  constructor(private readonly ctx: ControlContext) {}

  forget(ref: string): void {
    this.cache.delete(ref);
  }

  get(ref: string): Promise<PoolerProject | null> {
    const hit = this.cache.get(ref);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.project;
    const project = this.load(ref);
    this.cache.set(ref, { at: Date.now(), project });
    project.catch(() => this.cache.delete(ref));
    if (this.cache.size > 10_000) this.cache.delete(this.cache.keys().next().value!);
    return project;
  }

  private async load(ref: string): Promise<PoolerProject | null> {
    const { rows } = await this.ctx.db.query<ProjectRow & { organization_plan: Plan } & Partial<SettingsRow>>(
      `select p.*, o.plan as organization_plan, s.pool_mode, s.default_pool_size, s.allowed_cidrs, s.ssl_enforced
         from projects p join organizations o on o.id = p.organization_id
         left join project_database_settings s on s.project_ref = p.ref
        where p.ref = $1`,
      [ref],
    );
    const row = rows[0];
    if (!row || (row.engine === 'postgres' && !row.db_server)) return null;
    const plan = limits(row.organization_plan);
    const password = this.ctx.secrets.decrypt(row.db_pass_enc);
    let cached = this.verifiers.get(ref);
    if (cached?.sealed !== row.db_pass_enc) {
      cached = { sealed: row.db_pass_enc, verifier: scramVerifier(password) };
      this.verifiers.set(ref, cached);
    }
    return {
      ref,
      engine: row.engine,
      location: locationOf(row),
      isActive: row.status === 'ACTIVE_HEALTHY',
      password,
      verifier: cached.verifier,
      poolMode: row.pool_mode ?? 'transaction',
      poolSize: row.default_pool_size ?? plan.poolerDefaultPoolSize ?? UNLIMITED_POOL_SIZE,
      maxClients: plan.poolerClientConnections ?? UNLIMITED_CLIENTS,
      allowed: allowList(row.allowed_cidrs ?? []),
      sslEnforced: row.ssl_enforced ?? false,
    };
  }
}
