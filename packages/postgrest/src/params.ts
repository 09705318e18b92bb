/**
 * Bound values of one statement. The statement runs through `EXECUTE ... USING` with every value in
 * one text[] parameter, so each reference is `$1[n]` cast to the type the value is compared with
 * (the column's type from the schema cache, or text).
 */
export class Params {
  readonly values: (string | null)[] = [];

  /** `type` is SQL type text from the schema cache or a fixed builtin name, never request text. */
  add(value: string | null, type = 'text'): string {
    this.values.push(value);
    return `$1[${this.values.length}]::${type}`;
  }
}
