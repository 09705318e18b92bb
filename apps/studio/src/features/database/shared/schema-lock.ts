import { isProtectedSchema } from '../../../data/pg-meta/pure.ts';
import { useSchemasQuery } from '../../../data/schemas/schemas-query.ts';

/**
 * Whether a schema is locked (platform-managed). The server's flag wins; the shared list answers
 * while schemas load, so a locked schema never flashes editable controls.
 */
export function useIsSchemaLocked(projectRef: string, schema: string): boolean {
  const schemas = useSchemasQuery(projectRef);
  const found = schemas.data?.find((s) => s.name === schema);
  return found ? found.is_protected : isProtectedSchema(schema);
}

export { isProtectedSchema };
