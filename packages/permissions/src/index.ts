/**
 * Who may do what. One pure `can()` decides; the server's authorize() and the studio's useCan() both
 * call it, so the UI never re-implements a rule and the server is the control. Which roles a plan
 * lets an organisation assign is the plan catalogue's business (@plinth/plans).
 */

/** Actions, with the names the spec uses. */
export const Action = {
  TENANT_SQL_ADMIN_WRITE: 'tenant:Sql:Admin:Write',
  TENANT_SQL_ADMIN_READ: 'tenant:Sql:Admin:Read',
  INFRA_EXECUTE: 'infra:Execute',
  ANALYTICS_READ: 'analytics:Read',
  STORAGE_ADMIN_READ: 'storage:Admin:Read',
  STORAGE_ADMIN_WRITE: 'storage:Admin:Write',
  BILLING_READ: 'billing:Read',
  BILLING_WRITE: 'billing:Write',
  READ: 'read:Read',
  CREATE: 'write:Create',
  UPDATE: 'write:Update',
  DELETE: 'write:Delete',
} as const;
export type Action = (typeof Action)[keyof typeof Action];

/** Capabilities that gate whole product areas (menus, docs sections, pages). */
export const Feature = {
  BILLING_INVOICES: 'billing:invoices',
  PROJECT_AUTH: 'project_auth:all',
  PROJECT_STORAGE: 'project_storage:all',
  PROJECT_EDGE_FUNCTION: 'project_edge_function:all',
  REALTIME: 'realtime:all',
} as const;
export type Feature = (typeof Feature)[keyof typeof Feature];

/** Resources an action applies to. */
export const Resource = {
  ORGANIZATION: 'organizations',
  MEMBERS: 'members',
  INVITATIONS: 'user_invites',
  PROJECTS: 'projects',
  INITIALIZE_OR_RESUME: 'queue_jobs.projects.initialize_or_resume',
  PAUSE: 'queue_jobs.projects.pause',
  /** A project's whole database as SQL, out and in: its data, auth users included (Owner, Administrator). */
  BACKUPS: 'back_ups',
  TABLES: 'tables',
  POLICIES: 'policies',
  SQL: 'sql',
  LOGS: 'logflare',
  SERVICE_API_KEYS: 'service_api_keys',
  SUBSCRIPTIONS: 'stripe.subscriptions',
  INVOICES: 'invoices',
  USER_CONTENT: 'user_content',
  AUDIT: 'audit_logs',
  STORAGE: 'storage',
  /** A project's auth configuration (Supabase's name): providers, SMTP, templates, sessions. */
  AUTH_CONFIG: 'custom_config_gotrue',
  /** A project's users (auth.users): read with the SQL read permission, changed with the SQL write one. */
  AUTH_USERS: 'auth.users',
  /** A project's Realtime settings (public channels allowed): changed by Owner and Administrator. */
  REALTIME_CONFIG: 'realtime_config',
  /** A project's edge functions: deployed, changed and deleted by Owner, Administrator and Developer. */
  EDGE_FUNCTIONS: 'functions',
} as const;
export type Resource = (typeof Resource)[keyof typeof Resource];

export const ROLES = ['Owner', 'Administrator', 'Developer', 'Read-only', 'Billing admin'] as const;
export type Role = (typeof ROLES)[number];

type Grant = `${Action}:${Resource}` | `${Action}:*` | '*';

const projectWork: Grant[] = [
  `${Action.TENANT_SQL_ADMIN_READ}:*`,
  `${Action.TENANT_SQL_ADMIN_WRITE}:*`,
  `${Action.STORAGE_ADMIN_READ}:*`,
  `${Action.STORAGE_ADMIN_WRITE}:*`,
  `${Action.ANALYTICS_READ}:*`,
  `${Action.READ}:*`,
  `${Action.CREATE}:${Resource.USER_CONTENT}`,
  `${Action.UPDATE}:${Resource.USER_CONTENT}`,
  `${Action.DELETE}:${Resource.USER_CONTENT}`,
  `${Action.CREATE}:${Resource.EDGE_FUNCTIONS}`,
  `${Action.UPDATE}:${Resource.EDGE_FUNCTIONS}`,
  `${Action.DELETE}:${Resource.EDGE_FUNCTIONS}`,
];

const grants: Record<Role, Grant[]> = {
  Owner: ['*'],
  Administrator: ['*'],
  Developer: projectWork,
  'Read-only': [
    `${Action.TENANT_SQL_ADMIN_READ}:*`,
    `${Action.STORAGE_ADMIN_READ}:*`,
    `${Action.ANALYTICS_READ}:*`,
    `${Action.READ}:${Resource.ORGANIZATION}`,
    `${Action.READ}:${Resource.MEMBERS}`,
    `${Action.READ}:${Resource.PROJECTS}`,
    `${Action.READ}:${Resource.TABLES}`,
    `${Action.READ}:${Resource.POLICIES}`,
    `${Action.READ}:${Resource.AUTH_CONFIG}`,
    `${Action.READ}:${Resource.USER_CONTENT}`,
    `${Action.READ}:${Resource.EDGE_FUNCTIONS}`,
    `${Action.READ}:${Resource.SUBSCRIPTIONS}`,
  ],
  'Billing admin': [
    `${Action.READ}:${Resource.ORGANIZATION}`,
    `${Action.READ}:${Resource.MEMBERS}`,
    `${Action.READ}:${Resource.PROJECTS}`,
    `${Action.BILLING_READ}:*`,
    `${Action.BILLING_WRITE}:*`,
    `${Action.READ}:${Resource.SUBSCRIPTIONS}`,
    `${Action.READ}:${Resource.INVOICES}`,
  ],
};

/** What only an owner may do, even where an administrator holds '*'. */
export interface Context {
  /** For member changes: the role of the member being changed, and the role asked for. */
  targetRole?: Role;
  newRole?: Role;
}

/**
 * Whether a member with `role` may perform `action` on `resource`.
 * Administrators hold everything except deleting the organisation and touching owners.
 */
export function can(role: Role | null | undefined, action: Action, resource: Resource, context: Context = {}): boolean {
  if (!role) return false;
  if (role === 'Administrator') {
    if (resource === Resource.ORGANIZATION && action === Action.DELETE) return false;
    if (resource === Resource.MEMBERS && (context.targetRole === 'Owner' || context.newRole === 'Owner')) return false;
  }
  const held = grants[role];
  return held.includes('*') || held.includes(`${action}:*`) || held.includes(`${action}:${resource}`);
}

const featureHolders: Record<Feature, readonly Role[]> = {
  [Feature.BILLING_INVOICES]: ['Owner', 'Administrator', 'Billing admin'],
  [Feature.PROJECT_AUTH]: ['Owner', 'Administrator', 'Developer', 'Read-only'],
  [Feature.PROJECT_STORAGE]: ['Owner', 'Administrator', 'Developer', 'Read-only'],
  [Feature.PROJECT_EDGE_FUNCTION]: ['Owner', 'Administrator', 'Developer', 'Read-only'],
  [Feature.REALTIME]: ['Owner', 'Administrator', 'Developer', 'Read-only'],
};

/** Whether a member with `role` sees a product area. */
export function hasFeature(role: Role | null | undefined, feature: Feature): boolean {
  return !!role && featureHolders[feature].includes(role);
}

/** Every feature a role holds, for sending computed abilities to the studio. */
export function featuresOf(role: Role | null | undefined): Feature[] {
  return (Object.values(Feature) as Feature[]).filter((feature) => hasFeature(role, feature));
}
