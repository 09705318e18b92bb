import { Select } from '../../components/ui/input.tsx';
import { isSizeUnit, SIZE_UNITS, type SizeUnit } from './size-units.ts';

/** The unit beside a size field (bytes, KB, MB, GB; factor 1024), for bucket limits and the upload limit. */
export function SizeUnitSelect(props: { label: string; value: SizeUnit; onChange(unit: SizeUnit): void; disabled?: boolean; testId: string }) {
  return (
    <Select
      aria-label={props.label}
      disabled={props.disabled}
      value={props.value}
      onChange={(e) => isSizeUnit(e.target.value) && props.onChange(e.target.value)}
      data-testid={props.testId}
    >
      {SIZE_UNITS.map((unit) => (
        <option key={unit} value={unit}>
          {unit}
        </option>
      ))}
    </Select>
  );
}
