// supabase-js against /p/{ref}/rest/v1 on both engines: embedding as PostgREST 12/13 does it beyond
// plain foreign keys — computed relationships and fields, targets named by constraint or column,
// self-references, spreads in aggregates and of to-many relations, and the same embed name twice.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/platform.ts';
import { startRestHarness, type RestHarness } from './harness.ts';

describe.each(ENGINES)('REST embedding on the %s engine', (engine) => {
  let h: RestHarness;
  let sb: SupabaseClient;
  beforeAll(async () => {
    h = await startRestHarness(engine);
    sb = h.client();
  });
  afterAll(async () => h?.platform.stop());

  it('embeds computed relationships: SETOF to-many, ROWS 1 to-one, with filters, order, limit and !inner', async () => {
    const { data, error } = await sb
      .from('channels')
      .select('id, msgs:get_messages(body), last:last_message(body)')
      .order('id')
      .order('id', { referencedTable: 'msgs' })
      .limit(2, { referencedTable: 'msgs' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, msgs: [{ body: 'Hello everyone' }, { body: 'Deploy is done' }], last: { body: 'Lunch?' } },
      { id: 2, msgs: [{ body: 'Cats deploy too' }], last: { body: 'Cats deploy too' } },
      { id: 3, msgs: [], last: null },
    ]);
    const inner = await sb.from('channels').select('name, get_messages!inner(body)').ilike('get_messages.body', '%deploy%').order('id');
    expect(inner.data).toEqual([
      { name: 'general', get_messages: [{ body: 'Deploy is done' }] },
      { name: 'random', get_messages: [{ body: 'Cats deploy too' }] },
    ]);
  });

  it('selects, filters and orders computed fields on tables, views and partitioned tables', async () => {
    const blurbs = await sb.from('messages').select('body, blurb_message').eq('blurb_message', 'Hello...');
    expect(blurbs).toMatchObject({ error: null, data: [{ body: 'Hello everyone', blurb_message: 'Hello...' }] });
    const oldestFirst = await sb.from('channels').select('name').order('created_ago', { ascending: false });
    expect(oldestFirst.data).toEqual([{ name: 'random' }, { name: 'general' }, { name: 'quiet' }]);
    const all = await sb.from('channels').select('*').eq('id', 1);
    expect(Object.keys(all.data![0]).sort()).toEqual(['created_at', 'id', 'name']);
    const view = await sb.from('channel_names').select('name, shout').eq('id', 1);
    expect(view.data).toEqual([{ name: 'general', shout: 'GENERAL' }]);
    const partitioned = await sb.from('readings').select('id, doubled').gt('doubled', 5);
    expect(partitioned.data).toEqual([{ id: 2, doubled: 8 }]);
    const written = await h.client(h.serviceKey).from('messages').insert({ id: 100, channel_id: 3, body: 'Fresh news' }).select('id, blurb_message');
    expect(written).toMatchObject({ status: 201, error: null, data: [{ id: 100, blurb_message: 'Fresh...' }] });
    await h.client(h.serviceKey).from('messages').delete().eq('id', 100);
  });

  it('embeds by foreign key constraint name or by column name', async () => {
    const byConstraint = await sb.from('members').select('username, first_friend_of:best_friends_first_user_fkey(second_user)').eq('id', 1).order('id', { referencedTable: 'first_friend_of' });
    expect(byConstraint.data).toEqual([{ username: 'ann', first_friend_of: [{ second_user: 2 }, { second_user: 3 }] }]);
    const byColumn = await sb.from('member_notes').select('note, username(id)');
    expect(byColumn.data).toEqual([{ note: 'likes tea', username: { id: 2 } }]);
    const ambiguous = await sb.from('members').select('best_friends(id)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error).toEqual({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'members' and 'best_friends'",
      details: [
        { cardinality: 'one-to-many', embedding: 'members with best_friends', relationship: 'best_friends_first_user_fkey using members(id) and best_friends(first_user)' },
        { cardinality: 'one-to-many', embedding: 'members with best_friends', relationship: 'best_friends_second_user_fkey using members(id) and best_friends(second_user)' },
      ],
      hint: "Try changing 'best_friends' to one of the following: 'best_friends!best_friends_first_user_fkey', 'best_friends!best_friends_second_user_fkey'. Find the desired relationship in the 'details' key.",
    });
  });

  it('resolves self-references: children by the table name, the parent by the column name', async () => {
    const children = await sb.from('family').select('name, family(name)').eq('id', 1).order('id', { referencedTable: 'family' });
    expect(children.data).toEqual([{ name: 'Ada', family: [{ name: 'Byron' }, { name: 'Cleo' }] }]);
    const parent = await sb.from('family').select('name, parent:parent_id(name)').order('id');
    expect(parent.data).toEqual([
      { name: 'Ada', parent: null }, { name: 'Byron', parent: { name: 'Ada' } }, { name: 'Cleo', parent: { name: 'Ada' } }, { name: 'Dora', parent: { name: 'Byron' } },
    ]);
    const hinted = await sb.from('family').select('name, kids:family!parent_id(name)').eq('id', 2);
    expect(hinted.data).toEqual([{ name: 'Byron', kids: [{ name: 'Dora' }] }]);
    const byConstraint = await sb.from('family').select('family_parent_id_fkey(name)');
    expect(byConstraint.status).toBe(400);
    expect(byConstraint.error).toEqual({
      code: 'PGRST200',
      message: "Could not find a relationship between 'family' and 'family_parent_id_fkey' in the schema cache",
      details: "Searched for a foreign key relationship between 'family' and 'family_parent_id_fkey' in the schema 'public', but no matches were found.",
      hint: null,
    });
    const misspelt = await sb.from('channels').select('mesages(body)');
    expect(misspelt.error).toMatchObject({ code: 'PGRST200', hint: "Perhaps you meant 'messages' instead of 'mesages'." });
  });

  it('groups aggregates by to-one spread columns and by embedded objects', async () => {
    const spread = await sb.from('posts').select('views.sum(), ...authors!author_id(name)');
    expect(spread.error).toBeNull();
    const byName = (rows: unknown) => [...(rows as { name: string }[])].sort((a, b) => a.name.localeCompare(b.name));
    expect(byName(spread.data)).toEqual([{ sum: 150, name: 'Ada' }, { sum: 75, name: 'Grace' }, { sum: 0, name: 'Linus' }]);
    const embedded = await sb.from('posts').select('views.sum(), author:authors!author_id(name)');
    expect(embedded.error).toBeNull();
    expect(embedded.data).toHaveLength(3);
    expect(embedded.data).toContainEqual({ sum: 150, author: { name: 'Ada' } });
    // Aggregates inside a to-one spread count as the parent's: posts per author name.
    const hoisted = await sb.from('posts').select('...authors!author_id(name, count())');
    expect(hoisted.error).toBeNull();
    expect(byName(hoisted.data)).toEqual([{ name: 'Ada', count: 2 }, { name: 'Grace', count: 1 }, { name: 'Linus', count: 1 }]);
  });

  it('spreads a to-many relation into arrays of its columns', async () => {
    const oneToMany = await sb.from('authors').select('name, ...posts!author_id(titles:title, views)').order('id').order('id', { referencedTable: 'posts' });
    expect(oneToMany.error).toBeNull();
    expect(oneToMany.data).toEqual([
      { name: 'Ada', titles: ['Notes on the engine', 'Bernoulli numbers'], views: [100, 50] },
      { name: 'Grace', titles: ['Compilers, explained'], views: [75] },
      { name: 'Linus', titles: ['Just for fun'], views: [0] },
    ]);
    const manyToMany = await sb.from('posts').select('title, ...tags(tag:name)').eq('id', 1).order('id', { referencedTable: 'tags' });
    expect(manyToMany.data).toEqual([{ title: 'Notes on the engine', tag: ['math', 'history'] }]);
    const empty = await sb.from('channels').select('name, ...get_messages(bodies:body)').eq('id', 3);
    expect(empty.data).toEqual([{ name: 'quiet', bodies: [] }]);
  });

  it('answers the same embed name twice with 42712, as PostgreSQL does for PostgREST', async () => {
    const twice = await sb.from('posts').select('authors!author_id(name), authors!editor_id(name)');
    expect(twice.status).toBe(400);
    expect(twice.error).toEqual({ code: '42712', message: 'table name "posts_authors_1" specified more than once', details: null, hint: null });
    const aliased = await sb.from('posts').select('author:authors!author_id(name), editor:authors!editor_id(name)').eq('id', 1);
    expect(aliased.data).toEqual([{ author: { name: 'Ada' }, editor: { name: 'Grace' } }]);
  });
});
