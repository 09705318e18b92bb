/** What the secrets forms check before any call, with the contract's own rules and messages. */
import { secretNameSchema } from '@plinth/api-contract';

/** The contract's limit on one value (64 KB, counted as the server counts it). */
export const MAX_SECRET_VALUE_LENGTH = 64 * 1024;

export interface SecretDraft {
  /** A stable key for the row while names are typed. */
  id: number;
  name: string;
  value: string;
}

export interface DraftErrors {
  name: string | null;
  value: string | null;
}

export function secretNameError(name: string): string | null {
  if (name === '') return 'Please provide a name for your secret';
  const result = secretNameSchema.safeParse(name);
  return result.success ? null : (result.error.issues[0]?.message ?? 'This name is not valid.');
}

export function secretValueError(value: string): string | null {
  if (value === '') return 'Please provide a value for your secret';
  if (value.length > MAX_SECRET_VALUE_LENGTH) return 'A secret value is at most 64 KB.';
  return null;
}

/** Per row; a name given twice is refused on its later rows, since only one value could win. */
export function draftErrors(drafts: readonly SecretDraft[]): DraftErrors[] {
  const seen = new Set<string>();
  return drafts.map((draft) => {
    const isRepeated = seen.has(draft.name);
    seen.add(draft.name);
    return {
      name: secretNameError(draft.name) ?? (isRepeated ? 'This name is already given above' : null),
      value: secretValueError(draft.value),
    };
  });
}

export function hasErrors(errors: readonly DraftErrors[]): boolean {
  return errors.some((error) => error.name !== null || error.value !== null);
}

/**
 * `NAME=value` lines, as in a .env file: pasted into a name field they fill one row each. Comments,
 * blank lines and `export ` are skipped; a value in matching quotes loses them. Null when the text
 * is not of that shape (a plain name being pasted).
 */
export function parseEnvText(text: string): { name: string; value: string }[] | null {
  if (!text.includes('=')) return null;
  const entries: { name: string; value: string }[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([^=\s]+)\s*=\s*(.*)$/.exec(line);
    if (!match) return null;
    const value = match[2];
    const quoted = /^(["'])(.*)\1$/.exec(value);
    entries.push({ name: match[1], value: quoted ? quoted[2] : value });
  }
  return entries.length > 0 ? entries : null;
}
