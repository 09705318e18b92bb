/** A function's Management API path (`/api/v1` + this), for v1Function, v1FunctionUpdate and v1FunctionDelete. */
export function functionPath(ref: string, slug: string): string {
  return `/v1/projects/${encodeURIComponent(ref)}/functions/${encodeURIComponent(slug)}`;
}
