import { PGlite } from '@electric-sql/pglite';
import { pagedRows, Params, relationMatchSql } from '@plinth/pg-meta';
const db = new PGlite('/tmp/pgl10k');
async function t(label: string, f: () => Promise<unknown>) {
  await f(); const ts: number[] = [];
  for (let i = 0; i < 7; i++) { const s = performance.now(); await f(); ts.push(performance.now() - s); }
  console.log(label, ts.sort((a, b) => a - b)[3].toFixed(1));
}
const run = (detail: string, search?: string) => () => { const params = new Params(); return pagedRows(db, { match: relationMatchSql('rp', { included_schemas: ['bench'], search }, params), order: 'schema_name, name', detail: (r) => `select c.oid, ${detail} from pg_class c where c.oid = ${r}.id`, params, limit: 100 }); };
await t('trivial', run('1 as x'));
await t('size', run('pg_relation_size(c.oid) as b'));
await t('stats', run('pg_stat_get_live_tuples(c.oid) as l, pg_stat_get_dead_tuples(c.oid) as d'));
await t('desc', run(`obj_description(c.oid, 'pg_class') as d`));
await t('pk', run(`(select coalesce(json_agg(a.attname order by k.ord), '[]'::json) from pg_index i cross join unnest(i.indkey) with ordinality k(attnum, ord) join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum where i.indrelid = c.oid and i.indisprimary) as pk`));
await t('pk2', run(`(select coalesce(json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum)), '[]'::json) from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey) where i.indrelid = c.oid and i.indisprimary) as pk`));
await t('pretty', run(`pg_size_pretty(0::int8) as p`));
await t('search trivial', run('1 as x', 'table_99'));
await t('count only', () => db.query(`select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r','p') and n.nspname = any($1::text[])`, [['bench']]));
await db.close();
