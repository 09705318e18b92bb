// Embedding as PostgREST 12/13 resolves it: computed fields and relationships, targets named by
// constraint or column, self-references, spreads (to-one in aggregates, to-many as arrays), duplicates.
import { describe, expect, it } from 'vitest';
import { indexSchema, planRequest, type DbFunction, type Relation, type StatementPlan } from '../src/index.ts';
import { col, config, pgrstError } from './fixtures.ts';

const relation = (name: string, columns: string[], primaryKey = ['id'], kind: Relation['kind'] = 'table'): Relation => ({
  schema: 'public', name, kind, columns: columns.map((c) => col(c, c === 'id' || c.endsWith('_id') ? 'integer' : 'text')), primaryKey,
  uniqueKeys: [], description: null, insertable: true, updatable: true, deletable: true,
});

const channels = relation('channels', ['id', 'name']);
const messages = relation('messages', ['id', 'channel_id', 'body']);
const nodes = relation('nodes', ['id', 'parent_id', 'label']);
const users = relation('users', ['id', 'username']);
const friends = relation('friends', ['id', 'first_id', 'second_id']);
const profiles = relation('profiles', ['id', 'user_name', 'bio']);
const channelView = relation('channel_view', ['id', 'name'], [], 'view');

const fn = (name: string, arg: Relation, extra: Partial<DbFunction>): DbFunction => ({
  schema: 'public', name, args: [{ name: '', castType: `public.${arg.name}`, hasDefault: false, isVariadic: false }], isSetof: false,
  returnKind: 'scalar', returnType: 'text', returnRelation: null, returnColumns: [], volatility: 'stable', description: null,
  argRelation: { schema: 'public', name: arg.name }, rows: 0, ...extra,
});
const rowsOf = (target: Relation, rows: number) => ({ isSetof: true, returnKind: 'composite' as const, returnType: `public.${target.name}`, returnRelation: { schema: 'public', name: target.name }, rows });

const schema = indexSchema({
  relations: [channels, messages, nodes, users, friends, profiles, channelView],
  foreignKeys: [
    { name: 'messages_channel_id_fkey', schema: 'public', table: 'messages', columns: ['channel_id'], refSchema: 'public', refTable: 'channels', refColumns: ['id'] },
    { name: 'nodes_parent_id_fkey', schema: 'public', table: 'nodes', columns: ['parent_id'], refSchema: 'public', refTable: 'nodes', refColumns: ['id'] },
    { name: 'friends_first_id_fkey', schema: 'public', table: 'friends', columns: ['first_id'], refSchema: 'public', refTable: 'users', refColumns: ['id'] },
    { name: 'friends_second_id_fkey', schema: 'public', table: 'friends', columns: ['second_id'], refSchema: 'public', refTable: 'users', refColumns: ['id'] },
    { name: 'profiles_user_name_fkey', schema: 'public', table: 'profiles', columns: ['user_name'], refSchema: 'public', refTable: 'users', refColumns: ['username'] },
  ],
  functions: [
    fn('get_messages', channels, rowsOf(messages, 1000)),
    fn('last_message', channels, rowsOf(messages, 1)),
    fn('blurb', channels, {}),
    fn('shout', channelView, {}),
    // Named like the table: replaces the foreign-key relationship to it, as PostgREST's override does.
    fn('channels', messages, rowsOf(channels, 1)),
  ],
});

function plan(table: string, search: string): StatementPlan {
  const result = planRequest({ method: 'GET', target: { kind: 'relation', name: table }, search, headers: {}, body: undefined }, config, schema);
  if (result.kind !== 'statement') throw new Error('expected a statement');
  return result;
}


const planError = (table: string, search: string) => pgrstError(() => plan(table, search));

describe('computed relationships and fields', () => {
  it('embeds a function of the row: SETOF is to-many, ROWS 1 to-one, with filters, order and limit', () => {
    const p = plan('channels', 'select=id,msgs:get_messages(body),last:last_message(body)&msgs.body=like.h*&msgs.order=id.desc&msgs.limit=2');
    expect(p.sql).toContain('from "public"."get_messages"(("channels".*)::"public"."channels") as "messages_1" where "messages_1"."body" like $1[1]::text order by "messages_1"."id" desc limit $1[2]::bigint');
    expect(p.sql).toContain('coalesce("pgrst_e1"."body", \'[]\') as "msgs"');
    expect(p.sql).toContain('select row_to_json("pgrst_r2") as "body" from (select "messages_2"."body" as "body" from "public"."last_message"(("channels".*)::"public"."channels") as "messages_2")');
    expect(p.args).toEqual(['h%', '2', '1000']);
  });

  it('filters by !inner on a computed relationship', () => {
    const p = plan('channels', 'select=id,get_messages!inner(id)&get_messages.body=eq.x');
    expect(p.sql).toMatch(/where "pgrst_e1"\."body" is not null/);
  });

  it('replaces the foreign-key relationship to a table named like the function', () => {
    const p = plan('messages', 'select=body,channels(name)');
    expect(p.sql).toContain('from "public"."channels"(("messages".*)::"public"."messages")');
    expect(p.sql).not.toContain('"channels_1"."id" = "messages"."channel_id"');
  });

  it('selects, filters and orders by a computed field as a column; * leaves it out', () => {
    const p = plan('channels', 'select=name,blurb&blurb=eq.x&order=blurb.desc');
    const call = '"public"."blurb"(("channels".*)::"public"."channels")';
    expect(p.sql).toContain(`${call} as "blurb"`);
    expect(p.sql).toContain(`where ${call} = $1[1]::text`);
    expect(p.sql).toContain(`order by ${call} desc`);
    expect(plan('channels', 'select=*').sql).not.toContain('blurb');
    expect(plan('channel_view', 'select=shout').sql).toContain('"public"."shout"(("channel_view".*)::"public"."channel_view") as "shout"');
    // A function of another table's row is no field here.
    expect(planError('messages', 'select=blurb')).toMatchObject({ code: '42703', message: 'column messages.blurb does not exist' });
  });
});

describe('embedding targets and self-references', () => {
  it('names the relationship by its foreign key constraint or its column', () => {
    const byConstraint = plan('users', 'select=id,firsts:friends_first_id_fkey(id)');
    expect(byConstraint.sql).toContain('where "friends_1"."first_id" = "users"."id"');
    expect(byConstraint.sql).toContain('coalesce("pgrst_e1"."body", \'[]\') as "firsts"');
    const byColumn = plan('friends', 'select=id,first_id(username)');
    expect(byColumn.sql).toContain('select row_to_json("pgrst_r1")');
    expect(byColumn.sql).toContain('where "users_1"."id" = "friends"."first_id"');
    expect(plan('profiles', 'select=user_name(id)').sql).toContain('where "users_1"."username" = "profiles"."user_name"');
  });

  it('resolves a self-reference: the table name gives the children, the column the parent', () => {
    const children = plan('nodes', 'select=id,nodes(id)');
    expect(children.sql).toContain('where "nodes_1"."parent_id" = "nodes"."id"');
    expect(children.sql).toContain('json_agg("pgrst_r1")');
    const parent = plan('nodes', 'select=id,parent_id(label)');
    expect(parent.sql).toContain('where "nodes_1"."id" = "nodes"."parent_id"');
    expect(parent.sql).toContain('row_to_json("pgrst_r1")');
    expect(plan('nodes', 'select=kids:nodes!parent_id(id)').sql).toContain('where "nodes_1"."parent_id" = "nodes"."id"');
    expect(planError('nodes', 'select=nodes_parent_id_fkey(*)')).toMatchObject({ status: 400, code: 'PGRST200' });
  });

  it('lists ambiguous relationships as PostgREST does', () => {
    const error = planError('users', 'select=friends(*)');
    expect(error).toMatchObject({ status: 300, code: 'PGRST201', message: "Could not embed because more than one relationship was found for 'users' and 'friends'" });
    expect(error.details).toEqual([
      { cardinality: 'one-to-many', embedding: 'users with friends', relationship: 'friends_first_id_fkey using users(id) and friends(first_id)' },
      { cardinality: 'one-to-many', embedding: 'users with friends', relationship: 'friends_second_id_fkey using users(id) and friends(second_id)' },
    ]);
    expect(error.hint).toBe("Try changing 'friends' to one of the following: 'friends!friends_first_id_fkey', 'friends!friends_second_id_fkey'. Find the desired relationship in the 'details' key.");
    expect(planError('channels', 'select=mesages(*)')).toMatchObject({ code: 'PGRST200', hint: "Perhaps you meant 'messages' instead of 'mesages'." });
    expect(planError('channels', 'select=messages!nope(*)').hint).toBeNull();
    expect(planError('friends', 'select=users!nope(*)')).toMatchObject({
      code: 'PGRST200', details: "Searched for a foreign key relationship between 'friends' and 'users' using the hint 'nope' in the schema 'public', but no matches were found.",
    });
  });
});

describe('spreads and duplicate names', () => {
  it('groups an aggregate by the columns of a to-one spread and by embedded objects', () => {
    const p = plan('messages', 'select=id.count(),...channels(name)');
    expect(p.sql).toMatch(/select count\("messages"\."id"\) as "count", "pgrst_e1"\."name" as "name" from .* group by 2 limit/);
    const embedded = plan('messages', 'select=id.count(),channels(name)');
    expect(embedded.sql).toMatch(/\("pgrst_e1"\."body"\)::jsonb as "channels" from .* group by 2 limit/);
  });

  it('applies aggregates written inside a to-one spread at the parent, grouped by its columns', () => {
    const p = plan('messages', 'select=channel_id,...channels(latest:name.max(),count(),info:get_messages(id))');
    expect(p.sql).toContain(`select true as "pgrst_present", "channels_1"."name" as "pgrst_agg_1", true as "pgrst_agg_2", coalesce("pgrst_e2"."body", '[]') as "info" from "public"."channels"`);
    expect(p.sql).toContain('select "messages"."channel_id" as "channel_id", max("pgrst_e1"."pgrst_agg_1") as "latest", count("pgrst_e1"."pgrst_agg_2") as "count", ("pgrst_e1"."info")::jsonb as "info" from');
    expect(p.sql).toMatch(/ group by 1, 4 limit /);
  });

  it('turns the columns of a to-many spread into arrays', () => {
    const p = plan('channels', 'select=name,...messages(body,id)&messages.order=id');
    expect(p.sql).toContain('left join lateral (select bool_or(true) as "pgrst_present", json_agg("pgrst_r1"."body") as "body", json_agg("pgrst_r1"."id") as "id" from (select "messages_1"."body" as "body", "messages_1"."id" as "id" from "public"."messages" as "messages_1" where "messages_1"."channel_id" = "channels"."id" order by "messages_1"."id")');
    expect(p.sql).toContain('coalesce("pgrst_e1"."body", \'[]\') as "body", coalesce("pgrst_e1"."id", \'[]\') as "id"');
  });

  it('refuses the same embed name twice at one level with 42712', () => {
    expect(planError('messages', 'select=channels(id),channels(name)')).toMatchObject({ status: 400, code: '42712', message: 'table name "messages_channels_1" specified more than once' });
    expect(planError('users', 'select=x:friends!friends_first_id_fkey(id),x:profiles(bio)')).toMatchObject({ code: '42712', message: 'table name "users_x_1" specified more than once' });
    expect(plan('users', 'select=a:profiles(bio),b:profiles(id)').sql).toContain('as "b"');
  });
});
