import { Link2, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ColumnTypeInput } from './column-type-input.tsx';
import { canBeIdentity, suggestedDefaults } from './column-types.ts';
import type { ColumnFormValues } from './table-form.ts';

interface ColumnRowProps {
  column: ColumnFormValues;
  onChange: (column: ColumnFormValues) => void;
  onRemove: () => void;
  onEditForeignKey: () => void;
  foreignKeyLabel: string | null;
  enumTypes: string[];
  index: number;
}

/** One column of a new table: name, type, default, and its flags, on one line. */
export function ColumnRow({ column, onChange, onRemove, onEditForeignKey, foreignKeyLabel, enumTypes, index }: ColumnRowProps) {
  const set = (patch: Partial<ColumnFormValues>) => onChange({ ...column, ...patch });
  const suggestions = suggestedDefaults(column.type);
  const defaultsId = `defaults-${column.key}`;
  return (
    <div className="grid grid-cols-[minmax(0,1.2fr)_minmax(0,1.2fr)_minmax(0,1fr)_auto] items-start gap-2 border-b border-line py-2 last:border-b-0" data-testid={`new-column-${index}`}>
      <Input aria-label="Column name" value={column.name} onChange={(e) => set({ name: e.target.value })} placeholder="column_name" className="h-8 font-mono text-xs" data-testid="column-name-input" />
      <ColumnTypeInput
        aria-label="Column type"
        value={column.type}
        onChange={(e) => set({ type: e.target.value, isIdentity: column.isIdentity && canBeIdentity(e.target.value) })}
        extraTypes={enumTypes}
        className="h-8 font-mono text-xs"
        data-testid="column-type-input"
      />
      <div className="space-y-1">
        <Input
          aria-label="Default value"
          list={defaultsId}
          value={column.isIdentity ? '' : column.defaultValue}
          disabled={column.isIdentity}
          onChange={(e) => set({ defaultValue: e.target.value, defaultFormat: suggestions.includes(e.target.value) ? 'expression' : column.defaultFormat })}
          placeholder={column.isIdentity ? 'Identity' : 'NULL'}
          className="h-8 font-mono text-xs"
        />
        <datalist id={defaultsId}>
          {suggestions.map((s) => <option key={s} value={s} />)}
        </datalist>
        {!column.isIdentity && column.defaultValue.trim() !== '' && (
          <label className="flex items-center gap-1.5 text-[11px] text-fg-subtle">
            <input type="checkbox" className="accent-brand" checked={column.defaultFormat === 'expression'} onChange={(e) => set({ defaultFormat: e.target.checked ? 'expression' : 'literal' })} />
            SQL expression
          </label>
        )}
      </div>
      <div className="flex items-center gap-1">
        <Flag label="Primary" checked={column.isPrimaryKey} onChange={(v) => set({ isPrimaryKey: v, isNullable: v ? false : column.isNullable })} />
        <Flag label="Identity" checked={column.isIdentity} disabled={!canBeIdentity(column.type)} onChange={(v) => set({ isIdentity: v })} />
        <Flag label="Nullable" checked={column.isNullable && !column.isPrimaryKey} disabled={column.isPrimaryKey} onChange={(v) => set({ isNullable: v })} />
        <Flag label="Unique" checked={column.isUnique} onChange={(v) => set({ isUnique: v })} />
        <Button
          size="sm"
          variant={foreignKeyLabel ? 'outline' : 'ghost'}
          icon={<Link2 className="size-3.5" />}
          onClick={onEditForeignKey}
          aria-label={foreignKeyLabel ? `Foreign key to ${foreignKeyLabel}` : `Add a foreign key on ${column.name || 'this column'}`}
          title={foreignKeyLabel ?? 'Add foreign key'}
        />
        <Button size="sm" variant="ghost" icon={<Trash2 className="size-3.5" />} onClick={onRemove} aria-label={`Remove column ${column.name}`} />
      </div>
    </div>
  );
}

function Flag({ label, checked, disabled = false, onChange }: { label: string; checked: boolean; disabled?: boolean; onChange: (value: boolean) => void }) {
  return (
    <label className="flex flex-col items-center gap-0.5 px-1 text-[10px] uppercase tracking-wide text-fg-subtle has-[:disabled]:opacity-40">
      <input type="checkbox" className="accent-brand" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}
