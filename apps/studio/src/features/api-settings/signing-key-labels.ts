/** How Settings > API names signing keys and their states. */
import type { SigningKeyStatus } from '@plinth/api-contract';
import type { BadgeTone } from '../../components/ui/badge.tsx';
import type { SigningKey } from '../../data/api-keys/signing-keys-query.ts';

export const SIGNING_KEY_STATUS: Record<SigningKeyStatus, { label: string; tone: BadgeTone }> = {
  in_use: { label: 'Current key', tone: 'success' },
  standby: { label: 'Standby key', tone: 'info' },
  previously_used: { label: 'Previously used', tone: 'neutral' },
  revoked: { label: 'Revoked', tone: 'danger' },
};

export const SIGNING_KEY_ALGORITHM: Record<SigningKey['algorithm'], string> = {
  HS256: 'Legacy HS256 (Shared Secret)',
  ES256: 'ECC (P-256)',
  RS256: 'RSA (2048 bit)',
};

export const isLegacySecret = (key: SigningKey): boolean => key.algorithm === 'HS256';

/** What a member may do with a key in each state; the key in use changes only by making another one current. */
export type SigningKeyAction = 'rotate' | 'revoke' | 'delete';

export function actionsFor(key: SigningKey): SigningKeyAction[] {
  switch (key.status) {
    case 'standby':
      return ['rotate', 'delete'];
    case 'previously_used':
      return ['rotate', 'revoke'];
    case 'revoked':
      return isLegacySecret(key) ? [] : ['delete'];
    default:
      return [];
  }
}
