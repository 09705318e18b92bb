import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ident, literal, qualified } from '../sql/quote.ts';
import { querySql } from '../sql/execute-sql.ts';
import type { GridColumn } from '../table-rows/relation-sql.ts';
import { entityKeys } from './keys.ts';

/**
 * The table's structure (columns, defaults, identity, constraints, indexes, comments) via LIKE ...
 * INCLUDING ALL, then optionally its rows. Foreign keys, triggers and policies are not copied:
 * LIKE never copies them. One script, so the copy is all or nothing.
 */
export function duplicateTableSql(source: { schema: string; name: string; columns: GridColumn[] }, newName: string, withRows: boolean): string {
  const from = qualified(source.schema, source.name);
  const to = qualified(source.schema, newName);
  const statements = [`create table ${to} (like ${from} including all)`];
  // Generated columns compute themselves; identity columns keep their values.
  const columns = source.columns.filter((c) => !c.isGenerated).map((c) => ident(c.name));
  if (withRows && columns.length > 0) {
    statements.push(`insert into ${to} (${columns.join(', ')}) overriding system value select ${columns.join(', ')} from ${from}`);
  }
  return `${statements.join(';\n')};`;
}

export function useTableDuplicateMutation(ref: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ source, newName, withRows }: { source: { schema: string; name: string; columns: GridColumn[] }; newName: string; withRows: boolean }) => {
      await querySql(ref, duplicateTableSql(source, newName, withRows));
      const rows = await querySql<{ id: number | string }>(
        ref,
        `select c.oid::int8 as id from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = ${literal(source.schema)} and c.relname = ${literal(newName)}`,
      );
      return rows[0] ? Number(rows[0].id) : null;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects', ref] }),
  });
}

