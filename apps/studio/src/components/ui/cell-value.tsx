import { cn } from '../../lib/cn.ts';

/** Longer text is cut for display: a megabyte of JSON in one cell must not stall the grid. */
export const CELL_DISPLAY_CHARS = 300;

const textCache = new WeakMap<object, string>();

/** A value as one line of text (objects as JSON, computed once per object). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'object') {
    let text = textCache.get(value);
    if (text === undefined) {
      text = JSON.stringify(value) ?? String(value);
      textCache.set(value, text);
    }
    return text;
  }
  return String(value);
}

/** One grid cell's content: NULL dimmed, long text cut with an ellipsis, line breaks shown as spaces. */
export function CellValue({ value, className }: { value: unknown; className?: string }) {
  if (value === null || value === undefined) return <span className={cn('text-fg-subtle', className)}>NULL</span>;
  const text = cellText(value);
  const shown = text.length > CELL_DISPLAY_CHARS ? `${text.slice(0, CELL_DISPLAY_CHARS)}…` : text;
  return <span className={cn('truncate font-mono text-xs text-fg', className)}>{shown.replace(/[\r\n\t]+/g, ' ')}</span>;
}
