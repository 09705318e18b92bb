/** Which foreign key an embedded resource `target!hint` follows, with PostgREST's errors when none or several fit. */
import { PostgrestError } from '../errors.ts';
import type { Relation, Relationship, SchemaIndex } from '../schema.ts';

function matchesHint(rel: Relationship, hint: string): boolean {
  if (rel.constraint === hint) return true;
  if (rel.junction) return rel.junction.relation.name === hint || rel.junction.constraint === hint;
  return rel.pairs.some(([source, target]) => source === hint || target === hint);
}

function describe(rel: Relationship): { cardinality: string; embedding: string; relationship: string } {
  const via = rel.junction ? `${rel.junction.relation.schema}.${rel.junction.relation.name}` : rel.constraint;
  return {
    cardinality: rel.cardinality,
    embedding: `${rel.source.name} with ${rel.target.name}`,
    relationship: rel.junction ? `${via} using ${rel.junction.constraint} and ${rel.constraint}` : `${via} using ${rel.source.name}(${rel.pairs.map((p) => p[0]).join(', ')}) and ${rel.target.name}(${rel.pairs.map((p) => p[1]).join(', ')})`,
  };
}

export function isToOne(rel: Relationship): boolean {
  return rel.cardinality === 'many-to-one' || rel.cardinality === 'one-to-one';
}

export function resolveRelationship(schema: SchemaIndex, source: Relation, target: string, hint: string | null): Relationship {
  const all = schema.relationshipsFrom(source);
  let candidates = all.filter((rel) => rel.target.name === target);
  // Prefer the source's own schema when the same table name exists in several exposed schemas.
  if (candidates.some((rel) => rel.target.schema === source.schema)) candidates = candidates.filter((rel) => rel.target.schema === source.schema);
  if (hint !== null) candidates = candidates.filter((rel) => matchesHint(rel, hint));
  if (candidates.length === 1) return candidates[0];
  if (candidates.length === 0) {
    throw new PostgrestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${source.name}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${source.name}' and '${target}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${source.schema}', but no matches were found.`,
      null,
    ).cacheMiss();
  }
  const options = candidates.map((rel) => `'${target}!${rel.junction ? rel.junction.relation.name : rel.constraint}'`);
  throw new PostgrestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${source.name}' and '${target}'`,
    candidates.map(describe),
    `Try changing '${target}' to one of the following: ${options.join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}
