/**
 * The check of a parsed log query: a walk over the whole parse tree (Postgres's own parser, through
 * libpg-query) that lets through only what a read of the log sources needs, and refuses everything
 * else, including node types it does not know. Relations must be log sources or WITH queries in
 * scope; functions, casts, operators and keywords must be on the allowlists (allowlist.ts).
 *
 * The tree is libpg-query's JSON: a field typed as a generic node holds `{ TypeName: {...} }`, a
 * field typed as one struct holds the struct itself (SelectStmt.withClause, FuncCall.over, ...), so
 * each node with such fields has its own handler, which names every field it accepts: a field this
 * code has not looked at (a new parser version, a clause it does not expect) refuses the query.
 */
import { LOG_QUERY_CLOCK_KEYWORDS, LOG_QUERY_FUNCTIONS, LOG_QUERY_TYPES } from './allowlist.ts';

type Body = Record<string, unknown>;

/** A query the checker refused, with a message for the person who wrote it. */
export class LogQueryRefused extends Error {}

/** Names of WITH queries visible at a point of the query, innermost first. */
interface Scope {
  name: string;
  parent: Scope | null;
}

function refuse(message: string): never {
  throw new LogQueryRefused(message);
}

const isObject = (value: unknown): value is Body => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A generic node: `{}` (a NULL in the tree) or `{ Type: body }`. */
function unwrap(node: unknown): [type: string, body: Body] | null {
  if (!isObject(node)) return refuse('The query has a part the log query checker does not understand.');
  const keys = Object.keys(node);
  if (keys.length === 0) return null;
  if (keys.length !== 1 || !isObject(node[keys[0]])) return refuse('The query has a part the log query checker does not understand.');
  return [keys[0], node[keys[0]] as Body];
}

function list(value: unknown): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return refuse('The query has a part the log query checker does not understand.');
  return value;
}

/** Refuses a struct holding a field its handler does not name. */
function onlyFields(body: Body, allowed: readonly string[], what: string): void {
  for (const key of Object.keys(body)) if (!allowed.includes(key)) refuse(`${what} is not allowed in log queries (${key}).`);
}

function stringsOf(nodes: unknown): string[] {
  return list(nodes).map((node) => {
    const entry = unwrap(node);
    if (!entry || entry[0] !== 'String' || typeof entry[1].sval !== 'string') return refuse('The query has a name the log query checker does not understand.');
    return entry[1].sval;
  });
}

/** `name` or `pg_catalog.name` (the query runs with search_path = pg_catalog, so both are the same object). */
function catalogName(names: string[], what: string): string {
  if (names.length === 1) return names[0];
  if (names.length === 2 && names[0] === 'pg_catalog') return names[1];
  return refuse(`Schema-qualified names are not allowed in log queries: ${what} ${names.join('.')}.`);
}

/** Expression nodes whose children are all expressions (or plain values): walked field by field. */
const PLAIN_EXPRESSIONS = new Set([
  'BoolExpr', 'NullTest', 'BooleanTest', 'CaseExpr', 'CaseWhen', 'CoalesceExpr', 'MinMaxExpr', 'A_ArrayExpr',
  'A_Indirection', 'A_Indices', 'RowExpr', 'GroupingSet', 'GroupingFunc', 'List',
]);
/** Leaves: constants, names and `*`. */
const LEAVES = new Set(['A_Const', 'String', 'Integer', 'Float', 'Boolean', 'BitString', 'A_Star']);

/** What people meet most among the refused node types, said in SQL words. */
const REFUSED_CONSTRUCTS: Record<string, string> = {
  ParamRef: 'Parameters ($1, $2, ...)',
  RangeTableSample: 'TABLESAMPLE',
  RangeTableFunc: 'XMLTABLE',
  JsonTable: 'JSON_TABLE',
  XmlExpr: 'XML functions',
  XmlSerialize: 'XMLSERIALIZE',
};

export class LogQueryChecker {
  /** Log sources the query reads (outside any WITH query of its own that shadows them). */
  readonly sourcesRead = new Set<string>();

  constructor(private readonly sources: ReadonlySet<string>) {}

  /** Checks one SELECT (the statement, a WITH query, a subquery) with the WITH queries visible around it. */
  select(stmt: Body, scope: Scope | null): void {
    onlyFields(stmt, SELECT_FIELDS, 'This kind of SELECT');
    if (stmt.intoClause) refuse('SELECT ... INTO is not allowed: log queries only read.');
    if (stmt.lockingClause) refuse('FOR UPDATE, FOR SHARE and other locking clauses are not allowed: log queries only read.');
    const inner = stmt.withClause === undefined ? scope : this.withClause(stmt.withClause, scope);
    if (stmt.larg !== undefined || stmt.rarg !== undefined) {
      // UNION, INTERSECT, EXCEPT: both sides see this statement's WITH queries.
      if (!isObject(stmt.larg) || !isObject(stmt.rarg)) return refuse('The query has a part the log query checker does not understand.');
      this.select(stmt.larg, inner);
      this.select(stmt.rarg, inner);
    }
    for (const item of list(stmt.fromClause)) this.fromItem(item, inner);
    for (const field of ['distinctClause', 'targetList', 'groupClause', 'windowClause', 'valuesLists', 'sortClause'] as const) {
      for (const node of list(stmt[field])) this.expression(node, inner);
    }
    for (const field of ['whereClause', 'havingClause', 'limitOffset', 'limitCount'] as const) {
      if (stmt[field] !== undefined) this.expression(stmt[field], inner);
    }
  }

  /** WITH: each query sees the ones before it (not itself: WITH RECURSIVE is refused); the statement sees them all. */
  private withClause(clause: unknown, scope: Scope | null): Scope | null {
    if (!isObject(clause)) return refuse('The query has a part the log query checker does not understand.');
    onlyFields(clause, ['ctes', 'recursive', 'location'], 'This WITH clause');
    if (clause.recursive) refuse('WITH RECURSIVE is not allowed in log queries.');
    let visible = scope;
    for (const node of list(clause.ctes)) {
      const entry = unwrap(node);
      if (!entry || entry[0] !== 'CommonTableExpr') return refuse('The query has a part the log query checker does not understand.');
      const cte = entry[1];
      onlyFields(cte, ['ctename', 'aliascolnames', 'ctematerialized', 'ctequery', 'location'], 'This WITH query');
      stringsOf(cte.aliascolnames);
      const query = unwrap(cte.ctequery);
      if (!query || query[0] !== 'SelectStmt') return refuse('A WITH query must be a SELECT: log queries only read.');
      this.select(query[1], visible);
      if (typeof cte.ctename !== 'string') return refuse('The query has a part the log query checker does not understand.');
      visible = { name: cte.ctename, parent: visible };
    }
    return visible;
  }

  private fromItem(node: unknown, scope: Scope | null): void {
    const entry = unwrap(node);
    if (!entry) return refuse('The query has a part the log query checker does not understand.');
    const [type, body] = entry;
    switch (type) {
      case 'RangeVar':
        return this.relation(body, scope);
      case 'RangeSubselect': {
        onlyFields(body, ['lateral', 'subquery', 'alias'], 'This subquery');
        this.alias(body.alias);
        const query = unwrap(body.subquery);
        if (!query || query[0] !== 'SelectStmt') return refuse('A subquery must be a SELECT.');
        return this.select(query[1], scope);
      }
      case 'RangeFunction':
        return this.rangeFunction(body, scope);
      case 'JoinExpr':
        onlyFields(body, ['jointype', 'isNatural', 'larg', 'rarg', 'usingClause', 'join_using_alias', 'quals', 'alias', 'rtindex'], 'This join');
        this.fromItem(body.larg, scope);
        this.fromItem(body.rarg, scope);
        stringsOf(body.usingClause);
        this.alias(body.join_using_alias);
        this.alias(body.alias);
        if (body.quals !== undefined) this.expression(body.quals, scope);
        return;
      default:
        return refuse(`${REFUSED_CONSTRUCTS[type] ?? type} is not allowed in the FROM clause of a log query.`);
    }
  }

  /** A relation by name: a WITH query in scope, else a log source (read through the server's scoped WITH query), else refused. */
  private relation(body: Body, scope: Scope | null): void {
    onlyFields(body, ['catalogname', 'schemaname', 'relname', 'inh', 'relpersistence', 'alias', 'location'], 'This table reference');
    const name = body.relname;
    if (typeof name !== 'string') return refuse('The query has a part the log query checker does not understand.');
    if (body.schemaname !== undefined || body.catalogname !== undefined) {
      const qualified = [body.catalogname, body.schemaname, name].filter((part) => part !== undefined).join('.');
      refuse(`Schema-qualified names are not allowed in log queries: ${qualified}. Name a log source: ${[...this.sources].join(', ')}.`);
    }
    this.alias(body.alias);
    for (let at = scope; at; at = at.parent) if (at.name === name) return;
    if (!this.sources.has(name)) refuse(`"${name}" is not a log source. A log query reads ${[...this.sources].join(', ')} or its own WITH queries.`);
    this.sourcesRead.add(name);
  }

  private rangeFunction(body: Body, scope: Scope | null): void {
    onlyFields(body, ['lateral', 'ordinality', 'is_rowsfrom', 'functions', 'alias', 'coldeflist'], 'This function in FROM');
    this.alias(body.alias);
    for (const item of list(body.functions)) {
      // Each is a List of [the call, its column definitions or {}].
      const entry = unwrap(item);
      if (!entry || entry[0] !== 'List') return refuse('The query has a part the log query checker does not understand.');
      const [call, columns] = list(entry[1].items);
      this.expression(call, scope);
      const defined = columns === undefined ? null : unwrap(columns);
      if (defined) {
        if (defined[0] !== 'List') return refuse('The query has a part the log query checker does not understand.');
        for (const column of list(defined[1].items)) this.columnDefinition(column);
      }
    }
    for (const column of list(body.coldeflist)) this.columnDefinition(column);
  }

  /** `AS t(a int, b text)` after a function returning records. */
  private columnDefinition(node: unknown): void {
    const entry = unwrap(node);
    if (!entry || entry[0] !== 'ColumnDef') return refuse('The query has a part the log query checker does not understand.');
    onlyFields(entry[1], ['colname', 'typeName', 'is_local', 'location'], 'This column definition');
    this.typeName(entry[1].typeName);
  }

  private alias(alias: unknown): void {
    if (alias === undefined) return;
    if (!isObject(alias)) return refuse('The query has a part the log query checker does not understand.');
    onlyFields(alias, ['aliasname', 'colnames'], 'This alias');
    stringsOf(alias.colnames);
  }

  /** Any expression (and the few clause nodes that hold expressions: targets, sort keys, windows). */
  expression(node: unknown, scope: Scope | null): void {
    const entry = unwrap(node);
    if (!entry) return;
    const [type, body] = entry;
    if (LEAVES.has(type)) return;
    if (PLAIN_EXPRESSIONS.has(type)) return this.children(body, scope);
    switch (type) {
      case 'ColumnRef':
        onlyFields(body, ['fields', 'location'], 'This column reference');
        for (const field of list(body.fields)) {
          const part = unwrap(field);
          if (!part || (part[0] !== 'String' && part[0] !== 'A_Star')) refuse('The query has a column reference the log query checker does not understand.');
        }
        return;
      case 'ResTarget':
        onlyFields(body, ['name', 'val', 'location'], 'This select-list item');
        return this.expression(body.val, scope);
      case 'FuncCall':
        return this.functionCall(body, scope);
      case 'TypeCast':
        onlyFields(body, ['arg', 'typeName', 'location'], 'This cast');
        this.typeName(body.typeName);
        return this.expression(body.arg, scope);
      case 'A_Expr':
        onlyFields(body, ['kind', 'name', 'lexpr', 'rexpr', 'location'], 'This operator');
        this.operator(body.name);
        if (body.lexpr !== undefined) this.expression(body.lexpr, scope);
        if (body.rexpr !== undefined) this.expression(body.rexpr, scope);
        return;
      case 'SubLink': {
        onlyFields(body, ['subLinkType', 'subLinkId', 'testexpr', 'operName', 'subselect', 'location'], 'This subquery');
        if (body.operName !== undefined) this.operator(body.operName);
        if (body.testexpr !== undefined) this.expression(body.testexpr, scope);
        const query = unwrap(body.subselect);
        if (!query || query[0] !== 'SelectStmt') return refuse('A subquery must be a SELECT.');
        return this.select(query[1], scope);
      }
      case 'SortBy':
        onlyFields(body, ['node', 'sortby_dir', 'sortby_nulls', 'useOp', 'location'], 'This ORDER BY item');
        if (body.useOp !== undefined) this.operator(body.useOp);
        return this.expression(body.node, scope);
      case 'WindowDef':
        return this.window(body, scope);
      case 'CollateClause':
        onlyFields(body, ['arg', 'collname', 'location'], 'This COLLATE');
        catalogName(stringsOf(body.collname), 'collation');
        return this.expression(body.arg, scope);
      case 'SQLValueFunction':
        if (!LOG_QUERY_CLOCK_KEYWORDS.has(String(body.op))) refuse('CURRENT_USER, SESSION_USER, CURRENT_ROLE, CURRENT_SCHEMA and CURRENT_CATALOG are not available in log queries.');
        return;
      default:
        return refuse(`${REFUSED_CONSTRUCTS[type] ?? type} is not allowed in log queries.`);
    }
  }

  private children(body: Body, scope: Scope | null): void {
    for (const value of Object.values(body)) {
      if (Array.isArray(value)) for (const node of value) this.expression(node, scope);
      else if (isObject(value)) this.expression(value, scope);
    }
  }

  private functionCall(body: Body, scope: Scope | null): void {
    onlyFields(body, ['funcname', 'args', 'agg_order', 'agg_filter', 'over', 'agg_within_group', 'agg_star', 'agg_distinct', 'func_variadic', 'funcformat', 'location'], 'This function call');
    const name = catalogName(stringsOf(body.funcname), 'function');
    if (!LOG_QUERY_FUNCTIONS.has(name)) refuse(`The function ${name}() is not available in log queries.`);
    for (const node of [...list(body.args), ...list(body.agg_order)]) this.expression(node, scope);
    if (body.agg_filter !== undefined) this.expression(body.agg_filter, scope);
    if (body.over !== undefined) {
      if (!isObject(body.over)) return refuse('The query has a part the log query checker does not understand.');
      this.window(body.over, scope);
    }
  }

  private window(body: Body, scope: Scope | null): void {
    onlyFields(body, ['name', 'refname', 'partitionClause', 'orderClause', 'frameOptions', 'startOffset', 'endOffset', 'location'], 'This window');
    for (const node of [...list(body.partitionClause), ...list(body.orderClause)]) this.expression(node, scope);
    for (const offset of [body.startOffset, body.endOffset]) if (offset !== undefined) this.expression(offset, scope);
    checkFrame(Number(body.frameOptions ?? 0), body.startOffset, body.endOffset);
  }

  /** Casts and column types: only the listed types, never an OID alias type (regclass...) or a table's row type. */
  private typeName(type: unknown): void {
    if (!isObject(type)) return refuse('The query has a type the log query checker does not understand.');
    onlyFields(type, ['names', 'typeOid', 'typmods', 'typemod', 'arrayBounds', 'location'], 'This type');
    const name = catalogName(stringsOf(type.names), 'type');
    if (!LOG_QUERY_TYPES.has(name)) refuse(`Casts to ${name} are not allowed in log queries.`);
    for (const node of [...list(type.typmods), ...list(type.arrayBounds)]) this.expression(node, null);
  }

  /** Operators resolve in pg_catalog (search_path); one written OPERATOR(schema.op) must name that schema. */
  private operator(names: unknown): void {
    catalogName(stringsOf(names), 'operator');
  }
}

/** Bits of WindowDef.frameOptions (Postgres's nodes/parsenodes.h). */
const FRAME = {
  NONDEFAULT: 0x1, ROWS: 0x4, START_UNBOUNDED_PRECEDING: 0x20, END_UNBOUNDED_FOLLOWING: 0x100,
  EXCLUDE: 0x8000 | 0x10000 | 0x20000,
};
/** Rows a moving window frame may span on either side. */
const MAX_FRAME_OFFSET = 1000;

/**
 * A frame whose start moves from row to row makes Postgres recompute an aggregate such as
 * string_agg over the whole frame for each row: over a large frame that is quadratic work the
 * planner does not see (so the cost check cannot refuse it), and the embedded engine cannot stop.
 * Frames that start at UNBOUNDED PRECEDING grow, which costs nothing extra; a moving one must be
 * ROWS with small constant offsets.
 */
function checkFrame(options: number, start: unknown, end: unknown): void {
  if (!(options & FRAME.NONDEFAULT)) return;
  if (options & FRAME.EXCLUDE) refuse('EXCLUDE in a window frame is not allowed in log queries.');
  if (options & FRAME.START_UNBOUNDED_PRECEDING) return;
  const moving = `A window frame that does not start at UNBOUNDED PRECEDING must be ROWS between at most ${MAX_FRAME_OFFSET} PRECEDING and ${MAX_FRAME_OFFSET} FOLLOWING in log queries.`;
  if (!(options & FRAME.ROWS) || options & FRAME.END_UNBOUNDED_FOLLOWING) refuse(moving);
  for (const offset of [start, end]) if (offset !== undefined && !isSmallWholeNumber(offset)) refuse(moving);
}

function isSmallWholeNumber(node: unknown): boolean {
  const entry = unwrap(node);
  if (!entry || entry[0] !== 'A_Const') return false;
  const { ival } = entry[1];
  // A zero is written as an A_Const with an empty ival.
  return isObject(ival) && Number(ival.ival ?? 0) <= MAX_FRAME_OFFSET;
}

const SELECT_FIELDS = [
  'distinctClause', 'intoClause', 'targetList', 'fromClause', 'whereClause', 'groupClause', 'groupDistinct', 'havingClause',
  'windowClause', 'valuesLists', 'sortClause', 'limitOffset', 'limitCount', 'limitOption', 'lockingClause', 'withClause',
  'op', 'all', 'larg', 'rarg',
];
