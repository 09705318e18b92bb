/**
 * Snippets for one table or view, generated from its real columns: read, filter, insert, update,
 * delete (all run against /rest/v1 as written) and subscribe (realtime, client library only).
 */
import type { DocsColumn, DocsTable } from '../../../data/api-docs/openapi.ts';
import { exampleValue } from './example-values.ts';
import { authHeaders, curl, jsIdentifier, jsLiteral, jsString, jsonInline, restUrl, selectName, shellQuote, urlValue, type Example } from './format.ts';
import { exampleColumns } from './table-columns.ts';
import { tableFilters } from './table-filters.ts';
import { REALTIME_TABLE_NOTE, subscribeSnippets } from './realtime-snippets.ts';
import type { Snippet, SnippetContext, SnippetGroup } from './types.ts';

function rowOf(columns: DocsColumn[], variant: 0 | 1): Record<string, Example> {
  return Object.fromEntries(columns.map((column) => [column.name, exampleValue(column, variant)]));
}

function readStart(table: DocsTable): string {
  const variable = jsIdentifier(table.name);
  return `let { data${variable ? `: ${variable}` : ''}, error } = await supabase\n  .from(${jsString(table.name)})`;
}

/** Encoded for a URL, keeping the commas and parentheses of select lists readable. */
function queryText(text: string): string {
  return encodeURIComponent(text).replace(/%2C/g, ',');
}

function path(table: DocsTable, query = ''): string {
  return `${encodeURIComponent(table.name)}${query}`;
}

function readGroup(table: DocsTable, ctx: SnippetContext): SnippetGroup {
  const picked = exampleColumns(table);
  const some = picked.some.map((column) => selectName(column.name)).join(',');
  const reference = table.columns.find((column) => column.foreignKey)?.foreignKey ?? null;
  const snippets: Snippet[] = [
    {
      id: 'read-all-rows',
      title: 'Read all rows',
      js: `${readStart(table)}\n  .select('*')`,
      bash: curl([`curl ${shellQuote(restUrl(ctx, path(table, '?select=*')))}`, ...authHeaders(ctx)]),
      kind: 'rest',
    },
    {
      id: 'read-specific-columns',
      title: 'Read specific columns',
      js: `${readStart(table)}\n  .select(${jsString(some)})`,
      bash: curl([`curl ${shellQuote(restUrl(ctx, path(table, `?select=${queryText(some)}`)))}`, ...authHeaders(ctx)]),
      kind: 'rest',
    },
  ];
  if (reference) {
    const embedded = `*,${selectName(reference.table)}(*)`;
    snippets.push({
      id: 'read-referenced-tables',
      title: 'Read referenced tables',
      description: `Rows of ${reference.table} come with each row, through the foreign key.`,
      js: `${readStart(table)}\n  .select(${jsString(embedded)})`,
      bash: curl([`curl ${shellQuote(restUrl(ctx, path(table, `?select=${queryText(embedded)}`)))}`, ...authHeaders(ctx)]),
      kind: 'rest',
    });
  }
  snippets.push({
    id: 'with-pagination',
    title: 'With pagination',
    description: 'Rows 0 to 9 (the first ten).',
    js: `${readStart(table)}\n  .select('*')\n  .range(0, 9)`,
    bash: curl([`curl ${shellQuote(restUrl(ctx, path(table, '?select=*')))}`, ...authHeaders(ctx), '-H "Range: 0-9"']),
    kind: 'rest',
  });
  return { id: 'read-rows', title: 'Read rows', description: 'To read rows in this table, use the select method.', snippets };
}

function filterGroup(table: DocsTable, ctx: SnippetContext): SnippetGroup {
  const filters = tableFilters(exampleColumns(table));
  const jsLines = filters.flatMap((filter) => [...(filter.heading ? ['', `  // ${filter.heading}`] : []), `  ${filter.js}`]);
  const bashLines = filters.map((filter) => `--data-urlencode ${shellQuote(`${encodeURIComponent(filter.param[0])}=${filter.param[1]}`)}`);
  return {
    id: 'filtering',
    title: 'Filtering',
    description: 'Filters narrow down the rows returned; they can be chained and are all applied.',
    snippets: [
      {
        id: 'filtering-rows',
        title: 'Filtering',
        js: [`${readStart(table)}\n  .select('*')`, ...jsLines].join('\n'),
        bash: curl([`curl --get ${shellQuote(restUrl(ctx, path(table)))}`, ...authHeaders(ctx), `--data-urlencode 'select=*'`, ...bashLines]),
        kind: 'rest',
      },
    ],
  };
}

function writeHeaders(ctx: SnippetContext, prefer: string): string[] {
  return [...authHeaders(ctx), '-H "Content-Type: application/json"', `-H "Prefer: ${prefer}"`];
}

function insertGroup(table: DocsTable, ctx: SnippetContext): SnippetGroup {
  const columns = exampleColumns(table).insert;
  const first = rowOf(columns, 0);
  const second = rowOf(columns, 1);
  const from = `const { data, error } = await supabase\n  .from(${jsString(table.name)})`;
  const snippets: Snippet[] = [
    {
      id: 'insert-a-row',
      title: 'Insert a row',
      js: `${from}\n  .insert([\n    ${jsLiteral(first)},\n  ])\n  .select()`,
      bash: curl([`curl -X POST ${shellQuote(restUrl(ctx, path(table)))}`, ...writeHeaders(ctx, 'return=minimal'), `-d ${shellQuote(jsonInline(first))}`]),
      kind: 'rest',
    },
    {
      id: 'insert-many-rows',
      title: 'Insert many rows',
      js: `${from}\n  .insert([\n    ${jsLiteral(first)},\n    ${jsLiteral(second)},\n  ])\n  .select()`,
      bash: curl([`curl -X POST ${shellQuote(restUrl(ctx, path(table)))}`, ...writeHeaders(ctx, 'return=minimal'), `-d ${shellQuote(jsonInline([first, second]))}`]),
      kind: 'rest',
    },
  ];
  // Merging needs a primary key to match on; without one an upsert cannot be written.
  if (table.columns.some((column) => column.isPrimaryKey) && table.canUpdate) {
    snippets.push({
      id: 'upsert-matching-rows',
      title: 'Upsert matching rows',
      description: 'Rows whose primary key already exists are updated, the others inserted.',
      js: `${from}\n  .upsert(${jsLiteral(first)})\n  .select()`,
      bash: curl([`curl -X POST ${shellQuote(restUrl(ctx, path(table)))}`, ...writeHeaders(ctx, 'resolution=merge-duplicates'), `-d ${shellQuote(jsonInline(first))}`]),
      kind: 'rest',
    });
  }
  return { id: 'insert-rows', title: 'Insert rows', description: 'insert lets you insert one or more rows into this table.', snippets };
}

/** The row filter the update and delete examples share. */
function matchOf(table: DocsTable): { column: DocsColumn; value: Example } | null {
  const column = exampleColumns(table).equatable;
  return column ? { column, value: exampleValue(column, 0) } : null;
}

function matchQuery(match: { column: DocsColumn; value: Example } | null): string {
  return match ? `?${encodeURIComponent(match.column.name)}=eq.${encodeURIComponent(urlValue(match.value))}` : '';
}

function updateGroup(table: DocsTable, ctx: SnippetContext): SnippetGroup | null {
  const column = exampleColumns(table).update;
  if (!column) return null;
  const match = matchOf(table);
  const changes = { [column.name]: exampleValue(column, 1) };
  const eq = match ? `\n  .eq(${jsString(match.column.name)}, ${jsLiteral(match.value)})` : '';
  return {
    id: 'update-rows',
    title: 'Update rows',
    description: 'update lets you change rows; the filters choose which.',
    snippets: [
      {
        id: 'update-matching-rows',
        title: 'Update matching rows',
        js: `const { data, error } = await supabase\n  .from(${jsString(table.name)})\n  .update(${jsLiteral(changes)})${eq}\n  .select()`,
        bash: curl([`curl -X PATCH ${shellQuote(restUrl(ctx, path(table, matchQuery(match))))}`, ...writeHeaders(ctx, 'return=minimal'), `-d ${shellQuote(jsonInline(changes))}`]),
        kind: 'rest',
      },
    ],
  };
}

function deleteGroup(table: DocsTable, ctx: SnippetContext): SnippetGroup {
  const match = matchOf(table);
  const eq = match ? `\n  .eq(${jsString(match.column.name)}, ${jsLiteral(match.value)})` : '';
  return {
    id: 'delete-rows',
    title: 'Delete rows',
    description: 'delete lets you remove rows; the filters choose which.',
    snippets: [
      {
        id: 'delete-matching-rows',
        title: 'Delete matching rows',
        js: `const { error } = await supabase\n  .from(${jsString(table.name)})\n  .delete()${eq}`,
        bash: curl([`curl -X DELETE ${shellQuote(restUrl(ctx, path(table, matchQuery(match))))}`, ...authHeaders(ctx)]),
        kind: 'rest',
      },
    ],
  };
}

/** Every group of a table's detail view, writes only where the REST spec offers them. */
export function tableSnippetGroups(table: DocsTable, ctx: SnippetContext): SnippetGroup[] {
  return [
    readGroup(table, ctx),
    filterGroup(table, ctx),
    table.canInsert ? insertGroup(table, ctx) : null,
    table.canUpdate ? updateGroup(table, ctx) : null,
    table.canDelete ? deleteGroup(table, ctx) : null,
    {
      id: 'subscribe-to-changes',
      title: 'Subscribe to changes',
      description: `Listen to inserts, updates and deletes on this table as they happen. ${REALTIME_TABLE_NOTE}`,
      snippets: subscribeSnippets(ctx, table.name, matchOf(table)),
    },
  ].filter((group): group is SnippetGroup => group !== null);
}
