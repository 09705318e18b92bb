/**
 * Bookkeeping for Database.queryPrepared, shared by both engines: which statements one connection
 * holds prepared (by text and variant, least recently used first, a bounded number), and the wire
 * steps a call needs. Statements are named per connection (plinth_1, plinth_2 ...) and looked up by
 * their text as given (the plan cache hands out the same string each time), so nothing is hashed
 * or concatenated per request.
 */
import { DatabaseError } from './database-error.ts';
import type { PreparedStatement } from './types.ts';

/** Plans stay in the connection's memory until closed: enough for an app's distinct REST shapes. */
const MAX_PREPARED = 100;
/** SQLSTATE invalid_sql_statement_name: a statement the connection was thought to hold is gone. */
const MISSING_PREPARED_STATEMENT = '26000';

/** One statement of a round trip: parsed first when `sql` is set (the connection does not hold it yet). */
export interface PreparedStep {
  name: string;
  sql: string | null;
  paramTypes: number[];
  values: (string | null)[];
}

/** What one round trip sends: statements to close first (evicted to keep the bound), then the steps. */
export interface PreparedRound {
  close: string[];
  steps: PreparedStep[];
}

/** Postgres array literal: every element quoted, so any text (commas, braces, quotes) survives. */
function arrayLiteral(values: unknown[]): string {
  let literal = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    const text = v === null || v === undefined ? null : String(v);
    if (i > 0) literal += ',';
    literal += text === null ? 'NULL' : `"${/[\\"]/.test(text) ? text.replace(/[\\"]/g, '\\$&') : text}"`;
  }
  return `${literal}}`;
}

/** A parameter value in text format, as pg and PGlite would send it. */
export function textValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return arrayLiteral(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  throw new TypeError(`queryPrepared takes text, numbers, booleans and arrays of them as values, not ${typeof value}`);
}

export class PreparedNames {
  /** text -> variant -> name; the outer Map's order is least recently used first. */
  private readonly byText = new Map<string, Map<string | undefined, string>>();
  private count = 0;
  private nextId = 1;

  /**
   * Sends `statements` as one round with `send`, keeping the bookkeeping true: the statements a
   * failed round parsed are forgotten, and a connection that lost its statements (someone ran
   * DEALLOCATE ALL or DISCARD ALL on it) prepares them again, once.
   */
  async run<T>(statements: PreparedStatement[], send: (round: PreparedRound) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const round = this.round(statements);
      try {
        return await send(round);
      } catch (err) {
        this.forget(statements, round);
        if (err instanceof DatabaseError && err.code === MISSING_PREPARED_STATEMENT && attempt === 0) {
          this.clear();
          continue;
        }
        throw err;
      }
    }
  }

  /** The round for `statements` on this connection, recording the ones it will newly hold. */
  private round(statements: PreparedStatement[]): PreparedRound {
    const steps = statements.map((statement): PreparedStep => {
      const values = statement.params.map(textValue);
      const paramTypes = statement.paramTypes ?? [];
      let variants = this.byText.get(statement.sql);
      if (variants) this.byText.delete(statement.sql);
      else variants = new Map();
      this.byText.set(statement.sql, variants);
      const known = variants.get(statement.variant);
      if (known) return { name: known, sql: null, paramTypes, values };
      const name = `plinth_${this.nextId++}`;
      variants.set(statement.variant, name);
      this.count++;
      return { name, sql: statement.sql, paramTypes, values };
    });
    const close: string[] = [];
    for (const [sql, variants] of this.byText) {
      if (this.count <= MAX_PREPARED) break;
      this.byText.delete(sql);
      this.count -= variants.size;
      close.push(...variants.values());
    }
    return { close, steps };
  }

  /**
   * After a failed round: a statement it parsed may or may not exist now (the error may have come
   * before or after its Parse), so it is parsed again next time; Close before Parse makes that safe.
   */
  private forget(statements: PreparedStatement[], round: PreparedRound): void {
    round.steps.forEach((step, i) => {
      const variants = step.sql === null ? undefined : this.byText.get(step.sql);
      if (variants?.get(statements[i].variant) === step.name && variants.delete(statements[i].variant)) this.count--;
    });
  }

  /** The connection lost its statements (DEALLOCATE ALL, DISCARD ALL from another user of it). */
  private clear(): void {
    this.byText.clear();
    this.count = 0;
  }
}

