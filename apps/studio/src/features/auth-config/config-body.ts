/** Which fields of a section's body differ from what is saved: only those are sent (a PATCH). */
export function changedFields<T extends object>(saved: T, next: T): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (!(key in saved) || saved[key] !== next[key]) changes[key] = next[key];
  }
  return changes;
}

export function hasErrors(errors: Record<string, string | null | undefined>): boolean {
  return Object.values(errors).some(Boolean);
}

/** The body part of a secret: left out to keep it, '' to clear it. */
export function secretBody<K extends string>(field: K, value: string | null): Partial<Record<K, string>> {
  if (value === null) return { [field]: '' } as Record<K, string>;
  return value === '' ? {} : ({ [field]: value } as Record<K, string>);
}

/** Whether a secret will be stored after saving this draft. */
export function willHaveSecret(isSet: boolean, value: string | null): boolean {
  return value === null ? false : value !== '' || isSet;
}
