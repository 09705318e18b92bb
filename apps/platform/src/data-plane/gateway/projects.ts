/**
 * `{ref}` -> the project's live database and API settings. Resolutions are cached for a second, so a
 * request does not read the platform database each time, yet a pause or delete takes effect at once
 * for new requests within that second. A project that is not ACTIVE_HEALTHY is never opened.
 */
import { PlinthError } from '@plinth/errors';
import type { ControlContext } from '../../control/context.ts';
import { limits, type Plan } from '@plinth/plans';
import { locationOf, projectRowByRef, type ProjectRow } from '../../control/project-rows.ts';
import { projectAuthConfigOf, type ProjectAuthConfig } from '../../control/auth-settings.ts';
import { imageTransformationOf, uploadLimitOf } from '../../control/storage-config.ts';
import type { Database } from '../../engines/types.ts';
import type { ProjectSigningKeys } from '../auth/signing-keys.ts';
import { realtimeSettingsOf, type RealtimeSettings } from '../realtime/settings.ts';
import { projectSigningKeys } from './project-keys.ts';
import { TokenVerifier } from './tokens.ts';

export interface ProjectHandle {
  ref: string;
  db: Database;
  /** A fresh resolution, for long-lived users (realtime) whose database was lost: reopened if need be. */
  reopen(): Promise<ProjectHandle>;
  jwtSecret: string;
  /** Which keys sign and verify its JWTs (legacy secret, ES256/RS256) and its publishable/secret API keys. */
  signingKeys: ProjectSigningKeys;
  tokens: TokenVerifier;
  exposedSchemas: string[];
  maxRows: number | null;
  /** Whether the REST API answers query plans (api_db_plan_enabled). */
  isPlanEnabled: boolean;
  /** Auth settings (Management API names) and decrypted secrets, defaults filled in. */
  auth: ProjectAuthConfig;
  /** The organisation's plan, for plan-gated features. */
  plan: Plan;
  /** Storage: the global upload limit (bytes) and the plan's storage quota (null: none). */
  uploadLimit: number;
  storageQuota: number | null;
  /** Storage's image transformations (/render/image): every plan but Free. */
  imageTransformation: boolean;
  /** Realtime settings (projects.realtime_config): whether public channels may be joined. */
  realtime: RealtimeSettings;
}

type ApiRow = ProjectRow & {
  api_exposed_schemas?: string[] | string | null;
  api_max_rows?: number | null;
  api_db_plan_enabled?: boolean | null;
  auth_config: unknown;
  auth_secrets_enc: string | null;
  organization_plan: Plan;
  realtime_config?: unknown;
};

/** How long a node serves a project from what it read (status included); exported for the upgrade's wait. */
export const TTL_MS = 1000;
const DEFAULT_SCHEMAS = ['public', 'graphql_public'];

/** A text[] arrives as an array from both engines; tolerate its literal form just in case. */
function schemasOf(value: ApiRow['api_exposed_schemas']): string[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return value.replace(/^\{|\}$/g, '').split(',').filter(Boolean).map((s) => s.replace(/^"|"$/g, ''));
  return DEFAULT_SCHEMAS;
}

export class ProjectDirectory {
  private readonly entries = new Map<string, { expires: number; handle: Promise<ProjectHandle>; value?: ProjectHandle }>();

  constructor(private readonly ctx: ControlContext) {}

  /** The handle when a fresh resolution is at hand (most requests): no await. */
  cached(ref: string): ProjectHandle | null {
    const entry = this.entries.get(ref);
    return entry?.value && entry.expires > Date.now() ? entry.value : null;
  }

  resolve(ref: string): Promise<ProjectHandle> {
    const now = Date.now();
    const entry = this.entries.get(ref);
    if (entry && entry.expires > now) return entry.handle;
    const previous = entry?.handle.catch(() => null) ?? Promise.resolve(null);
    const handle = previous.then((old) => this.load(ref, old));
    const fresh: { expires: number; handle: Promise<ProjectHandle>; value?: ProjectHandle } = { expires: now + TTL_MS, handle };
    this.entries.set(ref, fresh);
    handle.then((value) => { fresh.value = value; }, () => undefined);
    // A failed resolution is not cached: the next request asks again.
    handle.catch(() => {
      if (this.entries.get(ref)?.handle === handle) this.entries.delete(ref);
    });
    return handle;
  }

  /**
   * Forgets a project (its database failed, or its settings changed); the next request re-reads it.
   * The last resolution stays as the previous one (its keys are reused when unchanged).
   */
  invalidate(ref: string): void {
    const entry = this.entries.get(ref);
    if (entry) entry.expires = 0;
  }

  /** The database of the last resolution of `ref`, however old: whose caches another node's change concerns. */
  lastDatabase(ref: string): Database | null {
    return this.entries.get(ref)?.value?.db ?? null;
  }

  private async load(ref: string, old: ProjectHandle | null): Promise<ProjectHandle> {
    const row = /^[a-z]{20}$/.test(ref) ? ((await projectRowByRef(this.ctx.db, ref)) as ApiRow | undefined) : undefined;
    if (!row) throw new PlinthError('project_not_found');
    if (row.status === 'INACTIVE' || row.status === 'PAUSING') throw new PlinthError('project_paused');
    if (row.status !== 'ACTIVE_HEALTHY') throw new PlinthError('project_unavailable', `The project is not available right now (status ${row.status}). Try again in a moment.`);
    const db = await this.ctx.engine.project(locationOf(row));
    // Decrypting is cheap (once a second per busy project); verified tokens are kept while it and the keys are unchanged.
    const jwtSecret = this.ctx.secrets.decrypt(row.jwt_secret_enc);
    const signingKeys = await projectSigningKeys(this.ctx, row.id, old?.signingKeys);
    const isSameKeys = old !== null && old.jwtSecret === jwtSecret && old.signingKeys === signingKeys;
    return {
      ref,
      db,
      reopen: () => {
        this.invalidate(ref);
        return this.resolve(ref);
      },
      jwtSecret,
      signingKeys,
      tokens: isSameKeys ? old.tokens : new TokenVerifier(jwtSecret, signingKeys),
      exposedSchemas: schemasOf(row.api_exposed_schemas),
      maxRows: row.api_max_rows ?? null,
      isPlanEnabled: row.api_db_plan_enabled === true,
      auth: projectAuthConfigOf(this.ctx.secrets, row),
      plan: row.organization_plan,
      uploadLimit: uploadLimitOf(row.organization_plan, row.storage_upload_limit),
      storageQuota: limits(row.organization_plan).storageBytes,
      imageTransformation: imageTransformationOf(row.organization_plan),
      realtime: realtimeSettingsOf(row.realtime_config),
    };
  }
}
