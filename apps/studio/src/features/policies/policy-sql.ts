/** The review step shows "the exact SQL that will run": the very builders the server runs. */
export { buildPolicyCreateSql, buildPolicyUpdateSql, policyUpdateScript } from '../../data/pg-meta/pure.ts';
