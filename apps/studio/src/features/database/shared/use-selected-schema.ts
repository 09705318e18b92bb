import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The schema a database page shows, kept in `?schema=` so a reload or a shared link keeps it.
 * Defaults to public, as the spec's entity lists do.
 */
export function useSelectedSchema(defaultSchema = 'public'): [string, (schema: string) => void] {
  const [params, setParams] = useSearchParams();
  const schema = params.get('schema') || defaultSchema;
  const setSchema = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('schema', next);
          updated.delete('search');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [schema, setSchema];
}
