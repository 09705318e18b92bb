import { useState } from 'react';
import { validateBucketForm, type BucketFormErrors, type BucketFormField, type BucketFormValues } from './bucket-form.ts';

/**
 * Form state of the create and edit bucket dialogs. Messages show only for touched fields (spec §5
 * "Forms generally"); a submit touches every field.
 */
export function useBucketForm(initial: BucketFormValues, options: { isEdit?: boolean } = {}) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<BucketFormField>>(new Set());
  const errors = validateBucketForm(values, options);
  const shownErrors: BucketFormErrors = Object.fromEntries(Object.entries(errors).filter(([field]) => touched.has(field as BucketFormField)));

  return {
    values,
    errors: shownErrors,
    change: (patch: Partial<BucketFormValues>) => setValues((current) => ({ ...current, ...patch })),
    touch: (field: BucketFormField) => setTouched((current) => new Set(current).add(field)),
    /** Touches every field; true when the form may be sent. */
    validateAll: (): boolean => {
      setTouched(new Set<BucketFormField>(['name', 'formattedSizeLimit']));
      return Object.keys(errors).length === 0;
    },
    reset: (next: BucketFormValues) => {
      setValues(next);
      setTouched(new Set());
    },
  };
}
