/**
 * Pure pieces of the server's pg-meta library (no I/O: builders of SQL text and the protected-schema
 * list) that the studio runs as they are, so what the studio shows is what the server runs. Only
 * these are used; the catalog readers in the same package are never called from the browser.
 */
export { buildPolicyCreateSql, buildPolicyUpdateSql, policyUpdateScript, isProtectedSchema, PROTECTED_SCHEMAS } from '@plinth/pg-meta';
