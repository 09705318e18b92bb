import { forwardRef, useId, type InputHTMLAttributes } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { COLUMN_TYPES } from './column-types.ts';

/**
 * A type name with suggestions (a datalist: keyboard friendly, and any type, an enum of the schema
 * included, can still be typed; the server checks it exists).
 */
export const ColumnTypeInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { extraTypes?: string[] }>(
  function ColumnTypeInput({ extraTypes = [], ...props }, ref) {
    const listId = useId();
    return (
      <>
        <Input ref={ref} list={listId} autoComplete="off" spellCheck={false} placeholder="Choose a type" {...props} />
        <datalist id={listId}>
          {COLUMN_TYPES.map((type) => (
            <option key={type.name} value={type.name}>{type.description}</option>
          ))}
          {extraTypes.map((type) => (
            <option key={type} value={type}>Enumerated type</option>
          ))}
        </datalist>
      </>
    );
  },
);
