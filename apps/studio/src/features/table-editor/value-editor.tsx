import type { KeyboardEvent } from 'react';
import { Clock, Link2 } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import type { ForeignKeyTarget, GridColumn } from '../../data/table-rows/relation-sql.ts';
import { editorKindOf, nowFor } from './column-kind.ts';

const NULL_OPTION = '\u0000null';

interface ValueEditorProps {
  column: GridColumn;
  value: string | null;
  onChange: (value: string | null) => void;
  /** In a grid cell: one line, Enter saves, Escape cancels. In a panel: multi-line where useful. */
  isCompact?: boolean;
  onCommit?: () => void;
  onCancel?: () => void;
  foreignKey?: ForeignKeyTarget;
  onLookup?: () => void;
  autoFocus?: boolean;
  id?: string;
}

const fieldClass = 'w-full rounded-md border border-line-strong bg-surface-2 px-2 text-sm text-fg placeholder:text-fg-subtle focus:border-brand/70 focus:outline-none';

/** A typed editor for one value: booleans and enums choose, numbers and JSON are checked, dates pick, keys look up. */
export function ValueEditor({ column, value, onChange, isCompact = false, onCommit, onCancel, foreignKey, onLookup, autoFocus, id }: ValueEditorProps) {
  const kind = editorKindOf(column);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Enter' && onCommit && (isCompact || event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      onCommit();
    }
  };
  const common = { id, autoFocus, onKeyDown, 'aria-label': column.name };

  if (kind === 'boolean' || kind === 'enum') {
    const options = kind === 'boolean' ? ['true', 'false'] : column.enums;
    return (
      <select {...common} className={cn(fieldClass, isCompact ? 'h-7' : 'h-9')} value={value ?? NULL_OPTION} onChange={(e) => onChange(e.target.value === NULL_OPTION ? null : e.target.value)}>
        {(value === null || column.isNullable) && <option value={NULL_OPTION}>NULL</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  }

  const text = value ?? '';
  const placeholder = value === null ? 'NULL' : undefined;
  let input;
  if (kind === 'json' && !isCompact) {
    input = (
      <textarea {...common} className={cn(fieldClass, 'min-h-40 py-2 font-mono text-xs')} spellCheck={false} value={text} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
    );
  } else if (kind === 'text' && !isCompact) {
    input = <textarea {...common} className={cn(fieldClass, 'min-h-20 py-2')} value={text} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />;
  } else if (kind === 'date') {
    input = <input {...common} type="date" className={cn(fieldClass, isCompact ? 'h-7' : 'h-9')} value={text} onChange={(e) => onChange(e.target.value || (column.isNullable ? null : ''))} />;
  } else if (kind === 'time') {
    input = <input {...common} type="time" step={1} className={cn(fieldClass, isCompact ? 'h-7' : 'h-9')} value={text.slice(0, 8)} onChange={(e) => onChange(e.target.value || (column.isNullable ? null : ''))} />;
  } else {
    input = (
      <input
        {...common}
        type="text"
        inputMode={kind === 'number' ? 'decimal' : undefined}
        className={cn(fieldClass, isCompact ? 'h-7' : 'h-9', (kind === 'number' || kind === 'json') && 'font-mono text-xs')}
        value={text}
        placeholder={placeholder ?? (kind === 'timestamp' || kind === 'timestamptz' ? 'YYYY-MM-DD HH:MM:SS' : undefined)}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }

  const hasNow = kind === 'timestamp' || kind === 'timestamptz' || kind === 'date' || kind === 'time';
  return (
    <div className="flex w-full items-center gap-1">
      <div className="min-w-0 flex-1">{input}</div>
      {hasNow && (
        <button type="button" title="Set to now" aria-label="Set to now" onClick={() => onChange(nowFor(kind))} className="rounded p-1 text-fg-subtle hover:bg-surface-3 hover:text-fg">
          <Clock className="size-3.5" />
        </button>
      )}
      {foreignKey && onLookup && (
        <button
          type="button"
          title={`Choose from ${foreignKey.targetSchema}.${foreignKey.targetTable}`}
          aria-label={`Choose a ${foreignKey.targetTable} row`}
          onClick={onLookup}
          className="rounded p-1 text-fg-subtle hover:bg-surface-3 hover:text-fg"
        >
          <Link2 className="size-3.5" />
        </button>
      )}
      {!isCompact && column.isNullable && value !== null && (
        <button type="button" onClick={() => onChange(null)} className="rounded px-1.5 py-1 text-[11px] text-fg-subtle hover:bg-surface-3 hover:text-fg">
          Set NULL
        </button>
      )}
    </div>
  );
}
