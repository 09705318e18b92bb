/**
 * A title and description for a saved query, derived from its SQL on this machine — no external
 * AI service. It reads the statements' verbs and the relations they touch.
 */

const VERBS: [RegExp, string, string][] = [
  [/^create\s+(?:or\s+replace\s+)?(?:unlogged\s+)?table\b/, 'Create table', 'Creates the table'],
  [/^create\s+(?:or\s+replace\s+)?(?:materialized\s+)?view\b/, 'Create view', 'Creates the view'],
  [/^create\s+(?:or\s+replace\s+)?function\b/, 'Create function', 'Creates the function'],
  [/^create\s+(?:unique\s+)?index\b/, 'Create index', 'Creates an index on'],
  [/^create\s+policy\b/, 'Create policy', 'Adds a row level security policy on'],
  [/^create\s+trigger\b/, 'Create trigger', 'Creates a trigger on'],
  [/^create\s+type\b/, 'Create type', 'Creates the type'],
  [/^create\s+extension\b/, 'Enable extension', 'Enables the extension'],
  [/^create\s+schema\b/, 'Create schema', 'Creates the schema'],
  [/^alter\s+table\b/, 'Alter table', 'Changes the table'],
  [/^drop\b/, 'Drop', 'Drops'],
  [/^truncate\b/, 'Truncate', 'Empties'],
  [/^insert\b/, 'Insert into', 'Inserts rows into'],
  [/^update\b/, 'Update', 'Updates rows of'],
  [/^delete\b/, 'Delete from', 'Deletes rows from'],
  [/^(?:select|with|table|values)\b/, 'Query', 'Reads rows from'],
  [/^grant\b|^revoke\b/, 'Privileges', 'Changes privileges on'],
];

const IDENT = String.raw`((?:"[^"]+"|[\w$]+)(?:\s*\.\s*(?:"[^"]+"|[\w$]+))?)`;
const TARGETS = [
  new RegExp(String.raw`\b(?:from|join|into|update|table|view)\s+(?:only\s+|if\s+(?:not\s+)?exists\s+)?${IDENT}`, 'gi'),
  new RegExp(String.raw`\b(?:function|type|extension|schema)\s+(?:if\s+(?:not\s+)?exists\s+)?${IDENT}`, 'gi'),
];
/** In DDL `ON x` names the relation (index, policy, trigger, grant); in a query it is a join condition. */
const DDL_ON = new RegExp(String.raw`\bon\s+(?:table\s+)?${IDENT}`, 'gi');
const NOT_RELATIONS = new Set(['select', 'lateral', 'unnest', 'generate_series', 'row', 'level', 'security', 'each', 'public', 'conflict', 'set', 'only']);

function stripComments(sql: string): string {
  return sql.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ');
}

function statements(sql: string): string[] {
  return stripComments(sql)
    .replace(/'(?:[^']|'')*'/g, "''")
    .split(';')
    .map((s) => s.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
}

function relations(statement: string): string[] {
  const found = new Set<string>();
  const patterns = /^(create|grant|revoke|comment)\b/i.test(statement) ? [...TARGETS, DDL_ON] : TARGETS;
  for (const pattern of patterns) {
    for (const match of statement.matchAll(pattern)) {
      const name = match[1].replace(/"/g, '').replace(/\s*\.\s*/g, '.');
      if (!NOT_RELATIONS.has(name.toLowerCase())) found.add(name);
    }
  }
  return [...found];
}

function humanList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function titleForSql(sql: string): { title: string; description: string } {
  const parts = statements(sql);
  if (parts.length === 0) return { title: 'Untitled query', description: 'An empty query.' };
  const first = parts[0].toLowerCase();
  const verb = VERBS.find(([pattern]) => pattern.test(first));
  const targets = relations(parts[0]).slice(0, 3);
  const [, titleVerb, describeVerb] = verb ?? [null, 'Query', 'Runs a statement on'];
  const title = targets.length > 0 ? `${titleVerb} ${targets[0]}` : titleVerb;
  const rest = parts.length > 1 ? ` It runs ${parts.length} statements in all.` : '';
  const description = targets.length > 0 ? `${describeVerb} ${humanList(targets)}.${rest}` : `${describeVerb} the database.${rest}`;
  return { title: title.slice(0, 100), description };
}
