/** Whom the inspector listens as, and the token request that says so (pure: no I/O). */
import type { InspectorTokenRequest } from '../../data/realtime/inspector-token-mutation.ts';

export type ListenRole = 'anon' | 'service_role' | 'authenticated';

export interface ListenAs {
  role: ListenRole;
  /** With role authenticated: the project user whose claims the token carries. */
  userId?: string;
  /** How the toolbar names the user (their email, phone or id). */
  userLabel?: string;
}

export function tokenRequestOf(listenAs: ListenAs): InspectorTokenRequest {
  return listenAs.role === 'authenticated' && listenAs.userId ? { role: 'authenticated', user_id: listenAs.userId } : { role: listenAs.role };
}
