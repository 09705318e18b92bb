/** Column type choices offered in the editors; any other type name can be typed (Postgres checks it). */
export const COLUMN_TYPES: readonly { name: string; description: string }[] = [
  { name: 'int2', description: 'Signed two-byte integer' },
  { name: 'int4', description: 'Signed four-byte integer' },
  { name: 'int8', description: 'Signed eight-byte integer' },
  { name: 'float4', description: 'Single precision floating-point number' },
  { name: 'float8', description: 'Double precision floating-point number' },
  { name: 'numeric', description: 'Exact, user-specified precision' },
  { name: 'text', description: 'Variable-length character string' },
  { name: 'varchar', description: 'Variable-length character string' },
  { name: 'uuid', description: 'Universally unique identifier' },
  { name: 'bool', description: 'Logical boolean (true/false)' },
  { name: 'json', description: 'Textual JSON data' },
  { name: 'jsonb', description: 'Binary JSON data, decomposed' },
  { name: 'date', description: 'Calendar date (year, month, day)' },
  { name: 'time', description: 'Time of day (no time zone)' },
  { name: 'timetz', description: 'Time of day, including time zone' },
  { name: 'timestamp', description: 'Date and time (no time zone)' },
  { name: 'timestamptz', description: 'Date and time, including time zone' },
  { name: 'bytea', description: 'Variable-length binary string' },
];

/** SQL defaults worth suggesting for a type (always sent as expressions). */
export function suggestedDefaults(type: string): string[] {
  const t = type.trim().toLowerCase();
  if (t === 'uuid') return ['gen_random_uuid()', 'auth.uid()'];
  if (t === 'timestamptz' || t === 'timestamp' || t === 'timestamp with time zone') return ['now()', "(now() at time zone 'utc')"];
  if (t === 'date') return ['current_date'];
  if (t === 'time' || t === 'timetz') return ['current_time'];
  if (t === 'bool' || t === 'boolean') return ['true', 'false'];
  if (t === 'jsonb' || t === 'json') return ["'{}'::" + t, "'[]'::" + t];
  return [];
}

/** Integer types can be identity columns. */
export function canBeIdentity(type: string): boolean {
  return ['int2', 'int4', 'int8', 'smallint', 'integer', 'bigint'].includes(type.trim().toLowerCase());
}
