import { Plus, X } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import type { HeaderRow } from './test-request.ts';

let nextRowId = 1;

export function newHeaderRow(): HeaderRow {
  return { id: nextRowId++, name: '', value: '' };
}

/** The test request's headers as name/value rows; an empty row is ignored when sending. */
export function HeaderRows({ rows, onChange }: { rows: HeaderRow[]; onChange: (rows: HeaderRow[]) => void }) {
  const update = (id: number, change: Partial<HeaderRow>) => onChange(rows.map((row) => (row.id === id ? { ...row, ...change } : row)));
  return (
    <div className="space-y-2" data-testid="function-test-headers">
      {rows.map((row, index) => (
        <div key={row.id} className="flex items-center gap-2">
          <Input className="h-8 font-mono text-xs" placeholder="Header name" aria-label={`Header ${index + 1} name`} value={row.name} onChange={(event) => update(row.id, { name: event.target.value })} />
          <Input className="h-8 font-mono text-xs" placeholder="Value" aria-label={`Header ${index + 1} value`} value={row.value} onChange={(event) => update(row.id, { value: event.target.value })} />
          <button type="button" className="rounded p-1.5 text-fg-subtle hover:bg-surface-3 hover:text-fg" aria-label={`Remove header ${index + 1}`} onClick={() => onChange(rows.filter((other) => other.id !== row.id))}>
            <X className="size-3.5" />
          </button>
        </div>
      ))}
      <Button size="sm" variant="outline" icon={<Plus className="size-3.5" />} onClick={() => onChange([...rows, newHeaderRow()])}>
        Add header
      </Button>
    </div>
  );
}
