/**
 * Vault: the SQL (vault.sql) and the key. Each project's key is derived by the platform from its own
 * secret and handed to the sessions it opens in the project as the setting `plinth.vault_key` (a
 * startup option, never a statement, so it is in no statement log); it is never stored in the
 * project's database, its files or its dumps. Sessions the platform did not open (the pooler, a
 * direct login) have no key and the vault functions say so.
 */
import { readFileSync } from 'node:fs';
import { ensureSql } from './ensure-sql.ts';
import type { Queryable } from './types.ts';

export const VAULT_KEY_SETTING = 'plinth.vault_key';

export const vaultSql = readFileSync(new URL('./vault.sql', import.meta.url), 'utf8');

/** Gives a project's key: derived, so every platform node computes the same one and none stores it. */
export type VaultKeys = (ref: string) => string;

/** The key as a startup option (`-c plinth.vault_key=...`); keys are base64url, nothing to escape. */
export function vaultKeyOption(key: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(key)) throw new Error('A vault key must be base64url.');
  return `-c ${VAULT_KEY_SETTING}=${key}`;
}

/** Projects made before the vault get it when opened (once per opened database). */
export function ensureVault(db: Queryable): Promise<void> {
  return ensureSql(db, 'vault.update_secret(uuid,text,text,text,uuid)', vaultSql);
}
