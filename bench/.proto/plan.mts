import { indexSchema, planRequest, type Column, type Relation } from '@plinth/postgrest';
const col = (name: string, castType: string): Column => ({ name, castType, declaredType: castType, category: 'S', nullable: true, defaultSql: null, description: null, enumValues: null, maxLength: null });
const rel: Relation = { schema: 'public', name: 'bench_items', kind: 'table', columns: [col('id', 'integer'), col('name', 'text'), col('price', 'numeric'), col('tags', 'text[]'), col('created_at', 'timestamptz')], primaryKey: ['id'], uniqueKeys: [], description: null, insertable: true, updatable: true, deletable: true };
const index = indexSchema({ relations: [rel], foreignKeys: [], functions: [] });
const req = (i: number) => ({ method: 'GET', target: { kind: 'relation' as const, name: 'bench_items' }, search: `id=eq.${i % 1000 + 1}`, headers: {}, body: undefined });
for (let round = 0; round < 3; round++) {
  const t = performance.now();
  const N = 50000;
  for (let i = 0; i < N; i++) planRequest(req(i), { exposedSchemas: ['public'], maxRows: 1000 }, index);
  console.log(((performance.now() - t) / N * 1000).toFixed(2), 'us/plan');
}
