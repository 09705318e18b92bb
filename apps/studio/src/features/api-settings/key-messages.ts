/** What a key or secret field shows instead of its value (spec §4, §6), verbatim. */
import type { JwtSecretUpdateStatus } from '../../data/api-settings/jwt-secret-update-status-query.ts';

export const NO_KEYS_PERMISSION = 'You need additional permissions to view API keys';
export const JWT_SECRET_UPDATING = 'Updating JWT secret...';
export const JWT_SECRET_UPDATE_FAILED = 'JWT secret update failed, new API key may have issues';

/** null: show the value. Permission comes first: a member who may not read keys learns nothing else. */
export function keyMessage(canRead: boolean, jwtStatus: JwtSecretUpdateStatus): string | null {
  if (!canRead) return NO_KEYS_PERMISSION;
  if (jwtStatus === 'updating') return JWT_SECRET_UPDATING;
  if (jwtStatus === 'failed') return JWT_SECRET_UPDATE_FAILED;
  return null;
}
