/** The project's secrets in the Management API (`/api/v1` + this). */
export function secretsPath(ref: string): string {
  return `/v1/projects/${encodeURIComponent(ref)}/secrets`;
}
