import { useEffect, useState } from 'react';
import { Plus, X } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import type { GridColumn } from '../../data/table-rows/relation-sql.ts';
import { FILTER_OPERATORS, IS_VALUES, type FilterOperator, type RowFilter } from '../../data/table-rows/rows-sql.ts';

const OPERATOR_LABELS: Record<FilterOperator, string> = {
  '=': 'equals',
  '<>': 'not equal',
  '>': 'greater than',
  '<': 'less than',
  '>=': 'greater or equal',
  '<=': 'less or equal',
  '~~': 'like',
  '~~*': 'ilike',
  in: 'in list',
  is: 'is',
};

const controlClass = 'h-7 rounded-md border border-line-strong bg-surface-2 px-1.5 text-xs text-fg focus:border-brand/70 focus:outline-none';

/** Filters edited as a draft and applied together, so each keystroke does not query the table. */
export function FilterBar({ columns, filters, onApply }: { columns: GridColumn[]; filters: RowFilter[]; onApply: (filters: RowFilter[]) => void }) {
  const [draft, setDraft] = useState<RowFilter[]>(filters);
  useEffect(() => setDraft(filters.length > 0 ? filters : [{ column: columns[0]?.name ?? '', operator: '=', value: '' }]), [filters, columns]);
  const change = (index: number, patch: Partial<RowFilter>) => setDraft((all) => all.map((f, i) => (i === index ? { ...f, ...patch } : f)));

  return (
    <form
      className="space-y-1.5 border-b border-line bg-surface-2/50 px-3 py-2"
      data-testid="filter-bar"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft.filter((f) => f.column && (f.operator === 'is' || f.value !== '')));
      }}
    >
      {draft.map((filter, index) => (
        <div key={index} className="flex items-center gap-1.5">
          <span className="w-10 text-right text-xs text-fg-subtle">{index === 0 ? 'where' : 'and'}</span>
          <select aria-label="Filter column" className={controlClass} value={filter.column} onChange={(e) => change(index, { column: e.target.value })}>
            {columns.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
          <select
            aria-label="Filter operator"
            className={controlClass}
            value={filter.operator}
            onChange={(e) => {
              const operator = e.target.value as FilterOperator;
              change(index, { operator, value: operator === 'is' ? 'null' : filter.operator === 'is' ? '' : filter.value });
            }}
          >
            {FILTER_OPERATORS.map((op) => (
              <option key={op} value={op}>
                {OPERATOR_LABELS[op]}
              </option>
            ))}
          </select>
          {filter.operator === 'is' ? (
            <select aria-label="Filter value" className={controlClass} value={filter.value} onChange={(e) => change(index, { value: e.target.value })}>
              {IS_VALUES.map((v) => (
                <option key={v} value={v}>
                  {v.toUpperCase()}
                </option>
              ))}
            </select>
          ) : (
            <input
              aria-label="Filter value"
              className={`${controlClass} w-56`}
              value={filter.value}
              placeholder={filter.operator === 'in' ? 'a, b, c' : filter.operator.startsWith('~~') ? '%text%' : 'value'}
              onChange={(e) => change(index, { value: e.target.value })}
            />
          )}
          <button type="button" aria-label="Remove filter" onClick={() => setDraft((all) => all.filter((_, i) => i !== index))} className="rounded p-1 text-fg-subtle hover:bg-surface-3 hover:text-fg">
            <X className="size-3.5" />
          </button>
        </div>
      ))}
      <div className="flex items-center gap-2 pl-11">
        <Button size="sm" variant="ghost" icon={<Plus className="size-3.5" />} onClick={() => setDraft((all) => [...all, { column: columns[0]?.name ?? '', operator: '=', value: '' }])}>
          Add filter
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onApply([])} disabled={filters.length === 0}>
          Clear filters
        </Button>
        <Button size="sm" type="submit" variant="primary">
          Apply filters
        </Button>
      </div>
    </form>
  );
}
