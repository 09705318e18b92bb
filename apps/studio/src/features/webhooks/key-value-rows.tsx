import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';

export interface KeyValue {
  key: string;
  value: string;
}

interface KeyValueRowsProps {
  label: string;
  rows: KeyValue[];
  onChange: (rows: KeyValue[]) => void;
  addLabel: string;
  testId: string;
}

/** Editable name/value rows (HTTP headers, query parameters); empty names are left out when saved. */
export function KeyValueRows({ label, rows, onChange, addLabel, testId }: KeyValueRowsProps) {
  const set = (index: number, change: Partial<KeyValue>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <fieldset className="space-y-2" data-testid={testId}>
      <legend className="mb-1.5 text-sm font-medium text-fg">{label}</legend>
      {rows.map((row, index) => (
        <div key={index} className="grid grid-cols-[1fr_1fr_auto] gap-2" data-testid={`${testId}-row`}>
          <Input aria-label={`${label} name ${index + 1}`} placeholder="Name" value={row.key} onChange={(e) => set(index, { key: e.target.value })} className="font-mono" />
          <Input aria-label={`${label} value ${index + 1}`} placeholder="Value" value={row.value} onChange={(e) => set(index, { value: e.target.value })} className="font-mono" />
          <Button variant="outline" aria-label={`Remove ${label.toLowerCase()} ${index + 1}`} icon={<Trash2 className="size-3.5" aria-hidden />} onClick={() => onChange(rows.filter((_, i) => i !== index))} />
        </div>
      ))}
      <Button variant="outline" icon={<Plus className="size-3.5" aria-hidden />} onClick={() => onChange([...rows, { key: '', value: '' }])} data-testid={`${testId}-add`}>
        {addLabel}
      </Button>
    </fieldset>
  );
}

export function toRows(record: Record<string, string>): KeyValue[] {
  return Object.entries(record).map(([key, value]) => ({ key, value }));
}

export function toRecord(rows: KeyValue[]): Record<string, string> {
  return Object.fromEntries(rows.filter((row) => row.key.trim() !== '').map((row) => [row.key.trim(), row.value]));
}
