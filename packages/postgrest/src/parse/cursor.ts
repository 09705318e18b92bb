/** A position in one query-string value, with the small lexing steps every grammar here shares. */
import { parseError } from '../errors.ts';

export interface JsonStep {
  op: '->' | '->>';
  key: string;
}

/** A column reference with an optional JSON path: `data->a->>b`. */
export interface FieldRef {
  name: string;
  json: JsonStep[];
}

/** Characters that end an unquoted name (the grammar's punctuation). */
const NAME_STOP = new Set([',', ':', '(', ')', '!', '.', '>', '"', '*', '{', '}', '=', '\\']);

export class Cursor {
  i = 0;

  constructor(
    readonly text: string,
    /** What is being parsed, for the PGRST100 message ("select parameter", "filter" ...). */
    readonly what: string,
  ) {}

  get done(): boolean {
    return this.i >= this.text.length;
  }

  peek(s: string): boolean {
    return this.text.startsWith(s, this.i);
  }

  eat(s: string): boolean {
    if (!this.peek(s)) return false;
    this.i += s.length;
    return true;
  }

  expect(s: string): void {
    if (!this.eat(s)) throw this.fail(`"${s}"`);
  }

  fail(expecting: string): Error {
    const found = this.done ? 'end of input' : `"${this.text[this.i]}"`;
    return parseError(this.what, this.text, `unexpected ${found} expecting ${expecting} at position ${this.i + 1}`);
  }

  /** A double-quoted string; backslash escapes the next character. */
  quoted(): string {
    this.expect('"');
    let out = '';
    while (!this.done && this.text[this.i] !== '"') {
      if (this.text[this.i] === '\\' && this.i + 1 < this.text.length) this.i++;
      out += this.text[this.i++];
    }
    this.expect('"');
    return out;
  }

  /**
   * A column, table or alias name: quoted, or a run of non-punctuation (a `-` only when not `->`).
   * Spaces around an unquoted name are dropped, inner ones kept (`select=id, title` reads as typed).
   */
  name(): string {
    while (this.text[this.i] === ' ') this.i++;
    if (this.peek('"')) return this.quoted();
    const start = this.i;
    while (!this.done) {
      const c = this.text[this.i];
      if (NAME_STOP.has(c) || (c === '-' && this.text[this.i + 1] === '>')) break;
      this.i++;
    }
    const name = this.text.slice(start, this.i).trim();
    if (name === '') throw this.fail('a name');
    return name;
  }

  /** `name` followed by any number of `->key` / `->>key` steps. */
  field(): FieldRef {
    const name = this.name();
    return { name, json: this.jsonPath() };
  }

  /** `->key` / `->>key` steps; a key may be a negative array index (`->-1`). */
  jsonPath(): JsonStep[] {
    const json: JsonStep[] = [];
    while (this.peek('->')) {
      const op = this.eat('->>') ? '->>' : (this.eat('->'), '->');
      const key = this.peek('-') ? `-${(this.i++, this.name())}` : this.name();
      json.push({ op, key });
    }
    return json;
  }
}

/** The name a field gets in the output when it has no alias: the last JSON key, else the column. */
export function defaultFieldName(field: FieldRef): string {
  return field.json.length ? field.json[field.json.length - 1].key : field.name;
}
