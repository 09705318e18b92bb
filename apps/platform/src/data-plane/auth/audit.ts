/**
 * GoTrue's audit events: what happened to an account, by whom. The domain reports each one, after
 * it succeeded, to the service's audit sink; a project's auth service turns them into auth_logs
 * entries (with the request they came from), the platform's own dashboard auth has no sink.
 * Events name the actor (id and email) and the provider, never a password, code or token.
 */
/** GoTrue's actions and the log_type it files each under. */
export const AUDIT_LOG_TYPES = {
  login: 'account',
  logout: 'account',
  user_signedup: 'team',
  user_deleted: 'team',
  user_modified: 'user',
  user_updated_password: 'user',
  user_recovery_requested: 'user',
  user_confirmation_requested: 'user',
  user_reauthenticate_requested: 'user',
  user_invited: 'team',
  identity_linked: 'account',
  identity_unlinked: 'account',
  token_refreshed: 'token',
  token_revoked: 'token',
  factor_in_progress: 'factor',
  challenge_created: 'factor',
  verification_attempted: 'factor',
  factor_unenrolled: 'factor',
} as const;

export type AuditAction = keyof typeof AUDIT_LOG_TYPES;

export interface AuditActor {
  id: string;
  /** GoTrue's actor_username: the email; the service role for admin calls. */
  username: string;
}

export interface AuditEvent {
  action: AuditAction;
  actor: AuditActor;
  provider?: string;
  /** What the action was about, GoTrue's `traits` (user_id of an admin's target, factor_id...). */
  traits?: Record<string, string>;
}

export type AuditSink = (event: AuditEvent) => void;

/** The admin API acts with a service_role key, which names no user (GoTrue uses the nil UUID). */
export const SERVICE_ROLE_ACTOR: AuditActor = { id: '00000000-0000-0000-0000-000000000000', username: 'service_role' };

/** Reports an event to the service's sink, if it has one (`ctx` is the AuthContext). */
export function audit(ctx: { audit?: AuditSink }, action: AuditAction, actor: AuditActor, details: Omit<AuditEvent, 'action' | 'actor'> = {}): void {
  ctx.audit?.({ action, actor, ...details });
}

/** The actor of a user record or of access-token claims. */
export function actorOf(user: { id: string; email: string } | { sub: string; email: string }): AuditActor {
  return { id: 'sub' in user ? user.sub : user.id, username: user.email };
}
