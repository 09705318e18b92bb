import type { GridColumn } from '../../data/table-rows/relation-sql.ts';

/** Which editor a column gets. */
export type EditorKind = 'boolean' | 'number' | 'json' | 'date' | 'time' | 'timestamp' | 'timestamptz' | 'enum' | 'text';

export function editorKindOf(column: GridColumn): EditorKind {
  if (column.category === 'E' && column.enums.length > 0) return 'enum';
  switch (column.format) {
    case 'bool':
      return 'boolean';
    case 'json':
    case 'jsonb':
      return 'json';
    case 'date':
      return 'date';
    case 'time':
    case 'timetz':
      return 'time';
    case 'timestamp':
      return 'timestamp';
    case 'timestamptz':
      return 'timestamptz';
  }
  return column.category === 'N' ? 'number' : 'text';
}

/** Long text and JSON are edited in a panel, not squeezed into a cell. */
export function needsPanelEditor(column: GridColumn, value: string | null): boolean {
  const kind = editorKindOf(column);
  return kind === 'json' || (kind === 'text' && (value?.length ?? 0) > 120) || (value?.includes('\n') ?? false);
}

/** A value the column can hold, or why not; Postgres checks the rest when the row is saved. */
export function validateValue(column: GridColumn, value: string | null): string | null {
  if (value === null) return column.isNullable ? null : `${column.name} cannot be NULL`;
  const kind = editorKindOf(column);
  if (kind === 'number' && value.trim() !== '' && !/^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$|^[+-]?(NaN|Infinity)$/i.test(value.trim())) {
    return `${column.name} must be a number`;
  }
  if (kind === 'json') {
    try {
      JSON.parse(value);
    } catch {
      return `${column.name} must be valid JSON`;
    }
  }
  return null;
}

/** "Now" for a date or time column, in the form Postgres reads unambiguously. */
export function nowFor(kind: EditorKind): string {
  const now = new Date();
  const pad = (n: number, size = 2) => String(n).padStart(size, '0');
  const local = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
  if (kind === 'date') return local;
  if (kind === 'time') return time;
  // timestamptz: an absolute instant; timestamp: the wall-clock time here.
  return kind === 'timestamptz' ? now.toISOString() : `${local} ${time}`;
}
