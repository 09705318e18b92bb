/** Query keys of the project's SAML identity providers (Settings > Authentication); each starts with the project. */
export const ssoProviderKeys = {
  /** Every provider of the project: the list refetches after any add, change or removal. */
  list: (ref: string | undefined) => ['projects', ref, 'sso-providers'] as const,
};
