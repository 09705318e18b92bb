/** Query keys of the API settings screens; project settings themselves live under projectKeys.settings. */
export const apiSettingsKeys = {
  jwtSecretUpdateStatus: (ref: string | undefined) => ['projects', ref, 'jwt-secret-update-status'] as const,
  postgrestConfig: (ref: string | undefined) => ['projects', ref, 'postgrest-config'] as const,
  customHostname: (ref: string | undefined) => ['projects', ref, 'custom-hostname'] as const,
};
