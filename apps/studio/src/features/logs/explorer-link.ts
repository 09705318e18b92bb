/** The explorer opened on `sql`, which it runs at once. */
export function explorerUrl(projectRef: string, sql: string): string {
  return `/project/${projectRef}/logs/explorer?q=${encodeURIComponent(sql)}`;
}
