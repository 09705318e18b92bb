import { describe, expect, it } from 'vitest';
import { dollarQuote, ident, isReadOnlyStatement, literal, likePattern, serverAccessIn, sqlFragment, splitStatements, leadingWords } from '../src/index.ts';

describe('identifiers and literals', () => {
  it('quotes every identifier and doubles embedded quotes', () => {
    expect(ident('users')).toBe('"users"');
    expect(ident('a "b"')).toBe('"a ""b"""');
    expect(ident('x'.repeat(63))).toHaveLength(65);
    expect(() => ident('x'.repeat(64))).toThrow(/at most 63 bytes/);
    expect(() => ident('é'.repeat(32))).toThrow(/this one is 64/);
    expect(() => ident('')).toThrow(/required/);
  });

  it('makes literals that no backslash or quote can end early', () => {
    expect(literal("it's")).toBe("'it''s'");
    expect(literal('a\\')).toBe("E'a\\\\'");
    expect(() => literal('a\0')).toThrow(/NUL/);
    expect(dollarQuote('select $body$ x')).toBe('$body1$select $body$ x$body1$');
    expect(likePattern('table_99%')).toBe('%table\\_99\\%%');
  });
});

describe('splitting scripts', () => {
  it('splits on top-level semicolons only', () => {
    const script = [
      "select 'a;b', E'it\\'s;', \"semi;colon\" from t",
      '/* a /* nested */ comment; */ select 2',
      'create function f() returns int language plpgsql as $fn$ begin return 1; end $fn$',
      'create function g() returns int language sql begin atomic select 1; select case when true then 2 end; end',
      'select 3 -- trailing; comment',
    ].join(';\n');
    const statements = splitStatements(script);
    expect(statements.map((s) => s.text.slice(0, 20))).toEqual([
      "select 'a;b', E'it\\'",
      '/* a /* nested */ co',
      'create function f() ',
      'create function g() ',
      'select 3 -- trailing',
    ]);
    expect(script.slice(statements[1].offset).startsWith('/* a')).toBe(true);
    // A line comment hides the ";" after it; a piece with nothing but comments is no statement.
    expect(splitStatements('select 1; -- the end;\n').map((s) => s.text)).toEqual(['select 1']);
  });

  it('reads leading keywords past comments', () => {
    expect(leadingWords('/* x */ -- y\n  prepare   transaction  \'t\'')).toEqual(['PREPARE', 'TRANSACTION']);
  });
});

describe('raw SQL fragments', () => {
  it('accepts one closed expression', () => {
    expect(sqlFragment("auth.uid() = user_id and name <> ';'", 'expr')).toBe("auth.uid() = user_id and name <> ';'");
    expect(sqlFragment('id > 0 -- positive', 'expr')).toBe('id > 0 -- positive\n');
    expect(sqlFragment('$$a;b$$ = x', 'expr')).toBe('$$a;b$$ = x');
  });

  it.each([
    ['a statement separator', 'true; drop table t'],
    ['a trailing separator', 'true;'],
    ['a closing parenthesis too many', 'true) or (true'],
    ['an unclosed parenthesis', '(true'],
    ['an unclosed string', "name = 'x"],
    ['an unclosed quoted name', '"x = 1'],
    ['an unclosed comment', 'true /* x'],
    ['an unclosed dollar quote', '$q$ x'],
    ['a comment ended by a carriage return', 'true --\r); drop table t; --'],
    ['nothing', '  -- just a comment'],
  ])('refuses %s', (_what, fragment) => {
    expect(() => sqlFragment(fragment, 'USING expression')).toThrow(/USING expression/);
  });
});

describe('what a statement does beyond reading', () => {
  it.each([
    ["copy (select 1) to program 'id'", 'COPY TO PROGRAM'],
    ["COPY t FROM PROGRAM 'curl x'", 'COPY FROM PROGRAM'],
    ["copy (select 'a' from t) to '/tmp/out.csv' with (format csv)", 'COPY TO a server file'],
    ["copy t from E'/etc/passwd'", 'COPY FROM a server file'],
    ["select pg_read_file('PG_VERSION')", 'pg_read_file'],
    ["select * from pg_catalog.pg_ls_dir('.')", 'pg_ls_dir'],
    ["select \"pg_read_binary_file\"('x')", 'pg_read_binary_file'],
    ["select lo_import('/etc/hostname')", 'lo_import'],
    ["load 'plugin'", 'LOAD'],
    ["do $$ begin copy (select 1) to program 'id'; end $$", 'COPY TO PROGRAM'],
    ["create function f() returns text language sql as $fn$ select pg_read_file('x') $fn$", 'pg_read_file'],
  ])('finds server access in %s', (sql, found) => {
    expect(serverAccessIn(sql)).toBe(found);
  });

  it.each([
    "copy t to stdout",
    "copy (select 'to program' from t) to stdout",
    "copy t from stdin",
    "select 'copy (select 1) to program ''id''' as text",
    "select 1 -- copy (select 1) to program 'id'",
    "select /* pg_read_file('x') */ 1",
    "select pg_read_file from t",
    "select $$ pg_read_file('x') $$",
    "select \"copy\" from t where note = 'to program'",
  ])('leaves %s alone', (sql) => {
    expect(serverAccessIn(sql)).toBeNull();
  });

  it.each([
    ['select * from t', true],
    ['with x as (select 1) select * from x', true],
    ["explain analyze select 'insert into t'", true],
    ['show search_path', true],
    ['values (1), (2)', true],
    ['table t', true],
    ['select "update" from t -- delete', true],
    ['with d as (delete from t returning *) select * from d', false],
    ['explain analyze insert into t values (1)', false],
    ['select * into copy_of_t from t', false],
    ['select * from t for update', false],
    ["select nextval('s')", false],
    ['insert into t values (1)', false],
    ['create table t (id int)', false],
    ["select 'unclosed", false],
  ])('%s only reads: %s', (sql, readOnly) => {
    expect(isReadOnlyStatement(sql)).toBe(readOnly);
  });
});
