import type { AuthConfig } from '../../data/auth-config/auth-config-query.ts';

/** What every section of the auth configuration is given by its page's gate. */
export interface SectionProps {
  projectRef: string;
  config: AuthConfig;
  canUpdate: boolean;
}
