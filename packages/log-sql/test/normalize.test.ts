/**
 * The statement normaliser: every kind of constant becomes a parameter numbered after the ones the
 * text has, nothing else changes (names, comments, quoted names that look like constants), lists
 * after IN and ARRAY squash as PostgreSQL 18 does, what is left still parses as the same statement
 * shape (Postgres's own parser, libpg-query), and it stays cheap.
 */
import { loadModule, parseSync } from 'libpg-query';
import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeStatement } from '../src/index.ts';

beforeAll(() => loadModule());

describe('normalizeStatement', () => {
  it.each([
    ['strings and numbers', `select * from todos where title = 'buy milk' and id > 42 limit 10`, `select * from todos where title = $1 and id > $2 limit $3`],
    ['after existing parameters', `select * from t where a = $1 and b = 'x' and c = $2`, `select * from t where a = $1 and b = $3 and c = $2`],
    ['a password', `alter role app password 'hunter2'`, `alter role app password $1`],
    ['escaped and prefixed strings', `select E'it\\'s', B'101', X'1F', N'n', U&'d\\0061t', 'it''s'`, `select $1, $2, $3, $4, $5, $6`],
    ['dollar quotes', `do $body$ begin perform 'x'; end $body$; select $$a$$`, `do $1; select $2`],
    ['numbers of every form', `select 1.5, .5, 1e-3, 2E+4, 1_000, 0x1F, 0o17, 0b101`, `select $1, $2, $3, $4, $5, $6, $7, $8`],
    ['names, quoted names and comments stay', `select t1.col_2, "weird 'name' 7" from t1 -- 'note' 3\n/* 'c' /* nested 9 */ */ where x = 'y'`, `select t1.col_2, "weird 'name' 7" from t1 -- 'note' 3\n/* 'c' /* nested 9 */ */ where x = $1`],
    ['typed literals and casts', `select interval '1 day', '5'::int4, numeric '1.5'`, `select interval $1, $2::int4, numeric $3`],
    ['IN and ARRAY lists squash', `select * from t where id in (1, 2, 3) and tag = any(array['a','b']) and (x, y) = (1, 2)`, `select * from t where id in ($1 /*, ... */) and tag = any(array[$2 /*, ... */]) and (x, y) = ($3, $4)`],
    ['a one-element IN list', `select 1 from t where id in (7)`, `select $1 from t where id in ($2)`],
    ['array subscripts of a parameter', `select $1[1], $1[2]`, `select $1[$2], $1[$3]`],
    ['nothing to replace', `select a from b where c = $1`, `select a from b where c = $1`],
    ['an unterminated string masks the rest', `select 'secret`, `select $1`],
  ])('%s', (_name, sql, expected) => {
    expect(normalizeStatement(sql)).toBe(expected);
  });

  // Not every statement: a function body or a COPY option must be a literal, as in pg_stat_statements' text.
  it('leaves queries that still parse as the same kind of statement', () => {
    const statements = [
      `select * from todos where title = 'a' and done = false order by id desc limit 5 offset 10`,
      `insert into todos (title, n) values ('x', 3), ('y', 4) returning id`,
      `update t set v = v + 1.5 where k = 'z'`,
      `with a as (select 1 as x) select x from a where x in (1, 2, 3)`,
    ];
    const kind = (text: string) => Object.keys(parseSync(text).stmts[0].stmt)[0];
    for (const sql of statements) {
      const normalized = normalizeStatement(sql);
      expect(normalized, sql).not.toContain("'");
      expect(normalized, sql).not.toMatch(/[^$\w]\d/);
      expect(kind(normalized), normalized).toBe(kind(sql));
    }
  });

  it('costs a few microseconds for a REST-sized statement', () => {
    const sql = `with pgrst_source as (select "public"."todos"."id", "public"."todos"."title", "public"."todos"."done" from "public"."todos" where "public"."todos"."done" = $1[1] and "public"."todos"."title" like $1[2] order by "public"."todos"."id" desc limit 100 offset 0) select null::bigint as total_result_set, pg_catalog.count(_postgrest_t) as page_total, coalesce(json_agg(_postgrest_t), '[]') as body from (select * from pgrst_source) _postgrest_t`;
    for (let i = 0; i < 2_000; i++) normalizeStatement(sql); // warm up
    const runs = 20_000;
    const started = performance.now();
    for (let i = 0; i < runs; i++) normalizeStatement(sql);
    const microseconds = ((performance.now() - started) * 1000) / runs;
    console.log(`normalizeStatement: ${microseconds.toFixed(2)} µs for ${sql.length} characters`);
    expect(microseconds).toBeLessThan(50);
  });
});
