/**
 * Which relationship an embedded resource `target!hint` follows, with PostgREST's errors when none or
 * several fit. The target names the related table or view; on tables it may also name the foreign key
 * constraint or the foreign key's column, and a computed relationship by its function's name.
 */
import { PostgrestError } from '../errors.ts';
import { closestName } from '../fuzzy.ts';
import type { Relation, Relationship, SchemaIndex } from '../schema.ts';

const isView = (r: Relation) => r.kind === 'view' || r.kind === 'materialized_view';
const isDirect = (rel: Relationship) => rel.computed === null && rel.junction === null;
/** A single-column key's column on the source side (`client_id` of projects, `id` of clients). */
const sourceColumnIs = (rel: Relationship, name: string) => isDirect(rel) && rel.pairs.length === 1 && rel.pairs[0][0] === name;
const targetColumnIs = (rel: Relationship, name: string) => isDirect(rel) && rel.pairs.length === 1 && rel.pairs[0][1] === name;
const constraintIs = (rel: Relationship, name: string) => isDirect(rel) && rel.constraint === name;

function matches(rel: Relationship, target: string, hint: string | null): boolean {
  if (rel.computed) return rel.computed.name === target;
  const isTable = rel.target.name === target;
  if (rel.source === rel.target) {
    // Self-referencing: the table's name is the one-to-many side (its children), the key's column the
    // many-to-one side (its parent); a hint picks the children through one key's column.
    if (hint === null) {
      return (isTable && rel.cardinality === 'one-to-many') || (sourceColumnIs(rel, target) && rel.cardinality === 'many-to-one');
    }
    return isTable && rel.cardinality === 'one-to-many' && targetColumnIs(rel, hint);
  }
  if (hint === null) {
    return isTable || (!isView(rel.target) && (constraintIs(rel, target) || sourceColumnIs(rel, target)));
  }
  return isTable && (constraintIs(rel, hint) || sourceColumnIs(rel, hint) || targetColumnIs(rel, hint) || rel.junction?.relation.name === hint);
}

const CARDINALITY_ORDER = ['one-to-many', 'many-to-one', 'one-to-one', 'many-to-many'];

/** PostgREST lists ambiguous candidates in its relationships' order: target, self, cardinality, key. */
function sortKey(rel: Relationship): string[] {
  const via = rel.junction ? [rel.junction.relation.schema, rel.junction.relation.name, rel.junction.constraint, rel.constraint] : [rel.constraint];
  return [rel.computed ? '1' : '0', rel.target.schema, rel.target.name, rel.source === rel.target ? '1' : '0', String(CARDINALITY_ORDER.indexOf(rel.cardinality)), ...via];
}

function compareKeys(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return a.length - b.length;
}

const columnsOf = (columns: string[]) => `(${columns.join(', ')})`;

function describe(rel: Relationship): Record<string, string> {
  if (rel.computed) return {};
  const embedding = `${rel.source.name} with ${rel.target.name}`;
  if (rel.junction) {
    const { relation, constraint, sourcePairs, targetPairs } = rel.junction;
    const relationship = `${relation.name} using ${constraint}${columnsOf(sourcePairs.map((p) => p[0]))} and ${rel.constraint}${columnsOf(targetPairs.map((p) => p[0]))}`;
    return { cardinality: rel.cardinality, embedding, relationship };
  }
  const relationship = `${rel.constraint} using ${rel.source.name}${columnsOf(rel.pairs.map((p) => p[0]))} and ${rel.target.name}${columnsOf(rel.pairs.map((p) => p[1]))}`;
  return { cardinality: rel.cardinality, embedding, relationship };
}

/**
 * PostgREST's "Perhaps you meant" for PGRST200 (fuzzy, at least 0.33 alike): a table the source relates
 * to, or when the source relates to nothing, another source that does. An exact name gets no hint.
 */
function noRelationshipHint(schema: SchemaIndex, source: Relation, target: string): string | null {
  const related = schema.relationshipsFrom(source).map((rel) => rel.target.name);
  if (related.length > 0) {
    const child = closestName(target, related, 0.33);
    return child !== null && child.toLowerCase() !== target.toLowerCase() ? `Perhaps you meant '${child}' instead of '${target}'.` : null;
  }
  const sources = schema.relations.filter((r) => r.schema === source.schema && schema.relationshipsFrom(r).length > 0).map((r) => r.name);
  const parent = closestName(source.name, sources, 0.33);
  return parent === null ? null : `Perhaps you meant '${parent}' instead of '${source.name}'.`;
}

export function isToOne(rel: Relationship): boolean {
  return rel.cardinality === 'many-to-one' || rel.cardinality === 'one-to-one';
}

export function resolveRelationship(schema: SchemaIndex, source: Relation, target: string, hint: string | null): Relationship {
  let candidates = schema.relationshipsFrom(source).filter((rel) => matches(rel, target, hint));
  // Prefer the source's own schema when the same table name exists in several exposed schemas.
  if (candidates.some((rel) => rel.target.schema === source.schema)) candidates = candidates.filter((rel) => rel.target.schema === source.schema);
  if (candidates.length === 1) return candidates[0];
  if (candidates.length === 0) {
    throw new PostgrestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${source.name}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${source.name}' and '${target}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${source.schema}', but no matches were found.`,
      noRelationshipHint(schema, source, target),
    ).cacheMiss();
  }
  const sorted = [...candidates].sort((a, b) => compareKeys(sortKey(a), sortKey(b)));
  const options = sorted.map((rel) => (rel.computed ? '' : `'${rel.target.name}!${rel.junction ? rel.junction.relation.name : rel.constraint}'`));
  throw new PostgrestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${source.name}' and '${target}'`,
    sorted.map(describe),
    `Try changing '${target}' to one of the following: ${options.join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}
