import { Eye, Globe, Layers, Table2, TableProperties } from 'lucide-react';
import type { EntityType } from '../../data/entities/entity-types.ts';

export const ENTITY_TYPE_LABELS: Record<EntityType, string> = {
  table: 'Table',
  view: 'View',
  materialized_view: 'Materialized view',
  foreign_table: 'Foreign table',
  partitioned_table: 'Partitioned table',
};

/** One icon per entity type, with its name for screen readers. */
export function EntityIcon({ type, className = 'size-3.5' }: { type: EntityType; className?: string }) {
  const label = ENTITY_TYPE_LABELS[type];
  switch (type) {
    case 'view':
      return <Eye className={className} aria-label={label} />;
    case 'materialized_view':
      return <Layers className={className} aria-label={label} />;
    case 'foreign_table':
      return <Globe className={className} aria-label={label} />;
    case 'partitioned_table':
      return <TableProperties className={className} aria-label={label} />;
    default:
      return <Table2 className={className} aria-label={label} />;
  }
}
