-- The schema cache of one project: tables, views, columns, keys, foreign keys and functions of the
-- exposed schemas ($1), as one JSON document. Runs with search_path = pg_catalog, so type names come
-- out schema-qualified unless built in, and can be used verbatim as casts.
with rels as (
  select c.oid, n.nspname as schema, c.relname as name, c.relkind,
         pg_catalog.obj_description(c.oid, 'pg_class') as description,
         pg_catalog.pg_relation_is_updatable(c.oid, true) as updatable_mask
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where n.nspname = any($1::text[]) and c.relkind in ('r', 'v', 'm', 'f', 'p')
),
cols as (
  select a.attrelid, a.attnum,
    pg_catalog.json_build_object(
      'name', a.attname,
      'castType', pg_catalog.format_type(case when t.typtype = 'd' then t.typbasetype else a.atttypid end, null),
      'declaredType', pg_catalog.format_type(a.atttypid, null),
      'category', coalesce(bt.typcategory, t.typcategory),
      'nullable', not a.attnotnull,
      'defaultSql', case
        when a.attidentity <> '' then pg_catalog.format('nextval(%L::regclass)', pg_catalog.pg_get_serial_sequence(a.attrelid::regclass::text, a.attname))
        when a.attgenerated <> '' then null
        -- A column of a domain type without its own default takes the domain's (as an INSERT does).
        else coalesce(pg_catalog.pg_get_expr(d.adbin, d.adrelid), pg_catalog.pg_get_expr(t.typdefaultbin, 0)) end,
      'description', pg_catalog.col_description(a.attrelid, a.attnum),
      'enumValues', (select pg_catalog.json_agg(e.enumlabel order by e.enumsortorder) from pg_catalog.pg_enum e
                     where e.enumtypid = case when t.typtype = 'd' then t.typbasetype else a.atttypid end),
      'maxLength', case when a.atttypmod > 4 and t.typname in ('varchar', 'bpchar') then a.atttypmod - 4 end
    ) as col
  from pg_catalog.pg_attribute a
  join pg_catalog.pg_type t on t.oid = a.atttypid
  left join pg_catalog.pg_type bt on bt.oid = t.typbasetype
  left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  where a.attnum > 0 and not a.attisdropped and a.attrelid in (select oid from rels)
),
keys as (
  select con.conrelid, con.contype,
    (select pg_catalog.array_agg(a.attname order by k.i) from pg_catalog.unnest(con.conkey) with ordinality as k(attnum, i)
     join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns
  from pg_catalog.pg_constraint con
  where con.contype in ('p', 'u') and con.conrelid in (select oid from rels)
),
-- Which base-table column each view column shows (same name, one source), so foreign keys of the
-- tables also relate their views, as PostgREST does for embedding.
view_sources as (
  select distinct r.schema, r.name as view, a.attname as column, bn.nspname as "sourceSchema", bc.relname as "sourceTable"
  from rels r
  join pg_catalog.pg_rewrite rw on rw.ev_class = r.oid
  join pg_catalog.pg_depend d on d.classid = 'pg_catalog.pg_rewrite'::pg_catalog.regclass and d.objid = rw.oid
    and d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass and d.refobjid <> r.oid and d.refobjsubid > 0
  join pg_catalog.pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
  join pg_catalog.pg_class bc on bc.oid = d.refobjid
  join pg_catalog.pg_namespace bn on bn.oid = bc.relnamespace
  where r.relkind in ('v', 'm')
    and exists (select 1 from pg_catalog.pg_attribute va where va.attrelid = r.oid and va.attname = a.attname and not va.attisdropped)
),
fks as (
  select con.conname as name, n.nspname as schema, c.relname as "table", fn.nspname as "refSchema", fc.relname as "refTable",
    (select pg_catalog.array_agg(a.attname order by k.i) from pg_catalog.unnest(con.conkey) with ordinality as k(attnum, i)
     join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns,
    (select pg_catalog.array_agg(a.attname order by k.i) from pg_catalog.unnest(con.confkey) with ordinality as k(attnum, i)
     join pg_catalog.pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as "refColumns"
  from pg_catalog.pg_constraint con
  join pg_catalog.pg_class c on c.oid = con.conrelid join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  join pg_catalog.pg_class fc on fc.oid = con.confrelid join pg_catalog.pg_namespace fn on fn.oid = fc.relnamespace
  where con.contype = 'f' and (n.nspname = any($1::text[]) or fn.nspname = any($1::text[])
    or (n.nspname, c.relname) in (select "sourceSchema", "sourceTable" from view_sources)
    or (fn.nspname, fc.relname) in (select "sourceSchema", "sourceTable" from view_sources))
),
fns as (
  select p.oid, n.nspname as schema, p.proname as name, p.proretset, p.provolatile, p.pronargs, p.pronargdefaults,
    p.proargnames, p.proargmodes, p.provariadic,
    coalesce(p.proallargtypes, p.proargtypes::oid[]) as alltypes, p.proargtypes[0] as first_argtype, p.prorows,
    rt.typtype as ret_typtype, rt.typrelid as ret_relid, p.prorettype,
    pg_catalog.obj_description(p.oid, 'pg_proc') as description
  from pg_catalog.pg_proc p
  join pg_catalog.pg_namespace n on n.oid = p.pronamespace
  join pg_catalog.pg_type rt on rt.oid = p.prorettype
  where n.nspname = any($1::text[]) and p.prokind = 'f'
)
select pg_catalog.json_build_object(
  'relations', (select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
      'schema', r.schema, 'name', r.name, 'relkind', r.relkind, 'description', r.description,
      'updatableMask', r.updatable_mask,
      'columns', (select coalesce(pg_catalog.json_agg(c.col order by c.attnum), '[]') from cols c where c.attrelid = r.oid),
      'primaryKey', (select k.columns from keys k where k.conrelid = r.oid and k.contype = 'p'),
      'uniqueKeys', (select coalesce(pg_catalog.json_agg(k.columns), '[]') from keys k where k.conrelid = r.oid and k.contype = 'u')
    )), '[]') from rels r),
  'foreignKeys', (select coalesce(pg_catalog.json_agg(f), '[]') from fks f),
  'viewSources', (select coalesce(pg_catalog.json_agg(v), '[]') from view_sources v),
  'functions', (select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
      'schema', f.schema, 'name', f.name, 'isSetof', f.proretset, 'volatility', f.provolatile,
      'argNames', f.proargnames, 'argModes', f.proargmodes, 'nargs', f.pronargs, 'nargDefaults', f.pronargdefaults,
      'isVariadic', f.provariadic <> 0,
      'argTypes', (select pg_catalog.array_agg(pg_catalog.format_type(t, null) order by i) from pg_catalog.unnest(f.alltypes) with ordinality as x(t, i)),
      'returnType', pg_catalog.format_type(f.prorettype, null),
      'returnTyptype', f.ret_typtype,
      'returnRelation', (select pg_catalog.json_build_object('schema', n.nspname, 'name', c.relname, 'relkind', c.relkind)
                         from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace where c.oid = f.ret_relid),
      'returnAttributes', (select pg_catalog.json_agg(pg_catalog.json_build_object('name', a.attname, 'type', pg_catalog.format_type(a.atttypid, null)) order by a.attnum)
                           from pg_catalog.pg_attribute a where a.attrelid = f.ret_relid and a.attnum > 0 and not a.attisdropped),
      'description', f.description,
      'rows', f.prorows,
      -- One argument of a table's or view's row type: a computed field or relationship of it.
      'argRelation', (select pg_catalog.json_build_object('schema', n.nspname, 'name', c.relname)
                      from pg_catalog.pg_type t join pg_catalog.pg_class c on c.oid = t.typrelid
                      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
                      where f.pronargs = 1 and t.oid = f.first_argtype and c.relkind in ('r', 'v', 'm', 'f', 'p'))
    )), '[]') from fns f),
  'roles', (select coalesce(pg_catalog.json_agg(r.rolname), '[]') from pg_catalog.pg_roles r
            where pg_catalog.pg_has_role('authenticator', r.oid, 'MEMBER') and not r.rolsuper)
) as cache
