/**
 * Database.queryPrepared on a Postgres server: the statements of a round go out as one write of
 * extended-protocol messages ending in a single Sync, so they run in one implicit transaction and
 * one round trip. pg's Submittable interface is the documented way to send custom messages (pg-cursor
 * uses it); pg hands every backend message of the round to the handlers below.
 */
import type pg from 'pg';
import { DatabaseError, toDatabaseError } from '../database-error.ts';
import type { PreparedRound } from '../prepared-statements.ts';
import type { QueryResult } from '../types.ts';

type Parsers = pg.CustomTypesConfig;
interface Field { name: string; dataTypeID: number }

const CHANGING_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

export class PreparedRoundQuery<Row> implements pg.Submittable {
  readonly result: Promise<QueryResult<Row>>;
  private resolve!: (result: QueryResult<Row>) => void;
  private reject!: (error: unknown) => void;
  /** Statements completed so far: only the last one's rows are kept. */
  private completed = 0;
  private fields: Field[] = [];
  private parsers: ((text: string) => unknown)[] = [];
  private readonly rows: Row[] = [];
  private affectedRows = 0;
  private failure: unknown = null;

  constructor(private readonly round: PreparedRound, private readonly types: Parsers) {
    this.result = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  private get isLast(): boolean {
    return this.completed === this.round.steps.length - 1;
  }

  submit(connection: pg.Connection): void {
    const c = connection as unknown as {
      stream: { cork?(): void; uncork?(): void };
      close(msg: { type: 'S'; name: string }): void;
      parse(msg: { name: string; text: string; types: number[] }): void;
      bind(msg: { statement: string; values: (string | null)[] }): void;
      describe(msg: { type: 'P'; name: string }): void;
      execute(msg: Record<string, never>): void;
      sync(): void;
    };
    // Corked, the messages leave in one write.
    c.stream.cork?.();
    try {
      for (const name of this.round.close) c.close({ type: 'S', name });
      this.round.steps.forEach((step, i) => {
        if (step.sql !== null) {
          // Closing a statement that does not exist is no error; one left by a failed round is replaced.
          c.close({ type: 'S', name: step.name });
          c.parse({ name: step.name, text: step.sql, types: step.paramTypes });
        }
        c.bind({ statement: step.name, values: step.values });
        if (i === this.round.steps.length - 1) c.describe({ type: 'P', name: '' });
        c.execute({});
      });
      c.sync();
    } finally {
      c.stream.uncork?.();
    }
  }

  handleRowDescription(msg: { fields: Field[] }): void {
    this.fields = msg.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
    this.parsers = this.fields.map((f) => this.types.getTypeParser(f.dataTypeID, 'text') as (text: string) => unknown);
  }

  handleDataRow(msg: { fields: (string | null)[] }): void {
    if (!this.isLast || this.failure) return;
    try {
      const row: Record<string, unknown> = {};
      msg.fields.forEach((text, i) => {
        row[this.fields[i].name] = text === null ? null : this.parsers[i](text);
      });
      this.rows.push(row as Row);
    } catch (error) {
      this.failure = error;
    }
  }

  /** `msg.text` is the command tag, e.g. "INSERT 0 3", "UPDATE 2", "SELECT 1". */
  handleCommandComplete(msg: { text: string }): void {
    const [command, ...counts] = msg.text.split(' ');
    if (this.isLast && CHANGING_COMMANDS.has(command)) this.affectedRows = Number(counts[counts.length - 1]) || 0;
    this.completed++;
  }

  handleEmptyQuery(): void {
    this.completed++;
  }

  handlePortalSuspended(): void {
    // Never asked for: every Execute runs to completion.
  }

  handleCopyInResponse(connection: pg.Connection): void {
    (connection as unknown as { sendCopyFail(message: string): void }).sendCopyFail('COPY FROM STDIN is not supported here');
  }

  handleCopyData(): void {}

  handleError(error: unknown): void {
    this.reject(toDatabaseError(error));
  }

  handleReadyForQuery(): void {
    if (this.failure) this.reject(this.failure);
    else if (this.completed !== this.round.steps.length) this.reject(new DatabaseError({ code: 'XX000', message: 'The server did not run every statement of the round' }));
    else this.resolve({ rows: this.rows, fields: this.fields, affectedRows: this.affectedRows });
  }
}
