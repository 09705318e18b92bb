/** The explorer opened on `sql`, which it runs at once. */
export function explorerUrl(projectRef: string, sql: string): string {
  return `/project/${projectRef}/logs/explorer?q=${encodeURIComponent(sql)}`;
}

/** The explorer opened on a saved query: it runs it, and Save updates it. */
export function savedQueryUrl(projectRef: string, snippet: { id: string; content: { sql: string } }): string {
  return `${explorerUrl(projectRef, snippet.content.sql)}&saved=${encodeURIComponent(snippet.id)}`;
}
