/**
 * The table editor's entity list (spec document 2, "Table entity (list)"): tables, views,
 * materialized views, foreign tables and partitioned tables of one schema, a page plus the count.
 */
export const ENTITY_TYPES = ['table', 'view', 'materialized_view', 'foreign_table', 'partitioned_table'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

/** The spec's sort options: Alphabetical and Entity Type. */
export type EntitySort = 'alphabetical' | 'grouped-alphabetical';

export interface Entity {
  id: number;
  schema: string;
  name: string;
  type: EntityType;
  comment: string | null;
}

export interface EntityPage {
  count: number;
  entities: Entity[];
}

/** Spec §9: entity list defaults, limit 100, schema public. */
export const ENTITY_PAGE_SIZE = 100;
export const DEFAULT_SCHEMA = 'public';
