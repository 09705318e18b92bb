// supabase-js (postgrest-js) against /p/{ref}/rest/v1 on both engines: selects, every filter family,
// embedding, ordering and paging, counts, single objects, CSV, explain and the OpenAPI document.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/platform.ts';
import { startRestHarness, type RestHarness } from './harness.ts';

describe.each(ENGINES)('REST reads on the %s engine', (engine) => {
  let h: RestHarness;
  let sb: SupabaseClient;
  beforeAll(async () => {
    h = await startRestHarness(engine);
    sb = h.client();
  });
  afterAll(async () => h?.platform.stop());

  const titles = (data: unknown) => (data as { title: string }[]).map((r) => r.title);

  it('selects columns, renames, casts and JSON paths', async () => {
    const { data, error, status } = await sb.from('posts').select('id, heading:title, views::text, lang:meta->>lang, stars:meta->stars, meta->nested->>k').order('id').limit(1);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ id: 1, heading: 'Notes on the engine', views: '100', lang: 'en', stars: 5, k: 'v' }]);
    const all = await sb.from('authors').select();
    expect(all.data).toHaveLength(3);
    expect(Object.keys(all.data![0]).sort()).toEqual(['bio', 'id', 'name']);
  });

  it('filters: comparison, pattern, is, in, not, or/and', async () => {
    const q = () => sb.from('posts').select('title').order('id');
    expect(titles((await q().eq('mood', 'happy')).data)).toEqual(['Notes on the engine']);
    expect(titles((await q().neq('author_id', 1)).data)).toEqual(['Compilers, explained', 'Just for fun']);
    expect(titles((await q().gt('views', 50)).data)).toEqual(['Notes on the engine', 'Compilers, explained']);
    expect(titles((await q().gte('views', 50).lt('views', 100)).data)).toEqual(['Bernoulli numbers', 'Compilers, explained']);
    expect(titles((await q().lte('views', 0)).data)).toEqual(['Just for fun']);
    expect(titles((await q().like('title', '%engine%')).data)).toEqual(['Notes on the engine']);
    expect(titles((await q().ilike('title', 'BERN*')).data)).toEqual(['Bernoulli numbers']);
    expect(titles((await q().likeAnyOf('title', ['Just%', 'Notes%'])).data)).toEqual(['Notes on the engine', 'Just for fun']);
    expect(titles((await q().ilikeAllOf('title', ['%o%', '%n%'])).data)).toEqual(['Notes on the engine', 'Bernoulli numbers', 'Compilers, explained', 'Just for fun']);
    expect(titles((await q().match({ author_id: 1, mood: 'meh' })).data)).toEqual(['Bernoulli numbers']);
    expect(titles((await q().filter('title', 'match', '^[BC]')).data)).toEqual(['Bernoulli numbers', 'Compilers, explained']);
    expect(titles((await q().filter('title', 'imatch', '^just')).data)).toEqual(['Just for fun']);
    expect(titles((await q().is('body', null)).data)).toEqual(['Just for fun']);
    expect(titles((await q().not('body', 'is', null)).data)).toHaveLength(3);
    expect(titles((await q().filter('mood', 'isdistinct', 'happy')).data)).toEqual(['Bernoulli numbers', 'Compilers, explained', 'Just for fun']);
    expect(titles((await q().in('id', [2, 4])).data)).toEqual(['Bernoulli numbers', 'Just for fun']);
    expect(titles((await q().in('title', ['Compilers, explained', 'nope'])).data)).toEqual(['Compilers, explained']);
    expect(titles((await q().not('id', 'in', '(1,2,3)')).data)).toEqual(['Just for fun']);
    expect(titles((await q().in('id', [])).data)).toEqual([]);
    expect(titles((await q().or('views.gt.90,mood.eq.sad')).data)).toEqual(['Notes on the engine', 'Compilers, explained']);
    expect(titles((await q().or('title.eq."Compilers, explained",and(author_id.eq.1,views.lt.60)')).data)).toEqual(['Bernoulli numbers', 'Compilers, explained']);
    expect(titles((await q().or('id.in.(1,4),not.and(views.gt.10,author_id.eq.1)')).data)).toEqual(['Notes on the engine', 'Compilers, explained', 'Just for fun']);
    expect(titles((await q().eq('meta->>lang', 'fr')).data)).toEqual(['Compilers, explained']);
    expect(titles((await q().gt('meta->stars', 3)).data)).toEqual(['Notes on the engine', 'Compilers, explained']);
    expect(titles((await q().eq('meta->nested->>k', 'v')).data)).toEqual(['Notes on the engine']);
  });

  it('filters: arrays, json containment, ranges and full-text search', async () => {
    const q = () => sb.from('posts').select('title').order('id');
    expect(titles((await q().contains('tags', ['math'])).data)).toEqual(['Notes on the engine', 'Bernoulli numbers']);
    expect(titles((await q().containedBy('tags', ['math', 'cs'])).data)).toEqual(['Bernoulli numbers', 'Just for fun']);
    expect(titles((await q().overlaps('tags', ['cs', 'nothing'])).data)).toEqual(['Compilers, explained']);
    expect(titles((await q().contains('meta', { lang: 'en', stars: 3 })).data)).toEqual(['Bernoulli numbers']);
    expect(titles((await q().rangeGt('during', '[10,12)')).data)).toEqual(['Compilers, explained']);
    expect(titles((await q().rangeLt('during', '[10,12)')).data)).toEqual(['Notes on the engine']);
    expect(titles((await q().rangeGte('during', '[3,4)')).data)).toEqual(['Bernoulli numbers', 'Compilers, explained']);
    expect(titles((await q().rangeLte('during', '[8,12)')).data)).toEqual(['Notes on the engine']);
    expect(titles((await q().rangeAdjacent('during', '[10,20)')).data)).toEqual(['Notes on the engine', 'Compilers, explained']);
    expect(titles((await q().overlaps('during', '[9,11)')).data)).toEqual(['Notes on the engine', 'Bernoulli numbers']);
    expect(titles((await q().textSearch('search', 'engine')).data)).toEqual(['Notes on the engine']);
    expect(titles((await q().textSearch('search', 'analytical notes', { type: 'plain', config: 'english' })).data)).toEqual(['Notes on the engine']);
    expect(titles((await q().textSearch('search', 'a-0 system', { type: 'phrase' })).data)).toEqual(['Compilers, explained']);
    expect(titles((await q().textSearch('title', 'bernoulli or fun', { type: 'websearch', config: 'english' })).data)).toEqual(['Bernoulli numbers', 'Just for fun']);
  });

  it('embeds many-to-one, one-to-many, many-to-many and one-to-one, with hints, !inner and spreads', async () => {
    const { data, error } = await sb
      .from('posts')
      .select('id, author:authors!author_id(name, profile:author_profiles(website)), editor:authors!posts_editor_id_fkey(name), tags(name), comments(count)')
      .order('id')
      .limit(3);
    expect(error).toBeNull();
    expect(data![0]).toEqual({ id: 1, author: { name: 'Ada', profile: { website: 'https://ada.example' } }, editor: { name: 'Grace' }, tags: [{ name: 'math' }, { name: 'history' }], comments: [{ count: 2 }] });
    expect(data![1]).toMatchObject({ editor: null, comments: [{ count: 0 }] });
    const authors = await sb.from('authors').select('name, posts!author_id(title)').eq('id', 3);
    expect(authors.data).toEqual([{ name: 'Linus', posts: [{ title: 'Just for fun' }] }]);
    const inner = await sb.from('authors').select('name, posts!author_id!inner(title)').eq('posts.mood', 'sad');
    expect(inner.data).toEqual([{ name: 'Grace', posts: [{ title: 'Compilers, explained' }] }]);
    const spread = await sb.from('posts').select('title, ...authors!author_id(author_name:name)').eq('id', 3);
    expect(spread.data).toEqual([{ title: 'Compilers, explained', author_name: 'Grace' }]);
    const ambiguous = await sb.from('posts').select('authors(name)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error).toMatchObject({ code: 'PGRST201' });
    const missing = await sb.from('posts').select('nothing(*)');
    expect(missing.status).toBe(400);
    expect(missing.error).toMatchObject({ code: 'PGRST200' });
  });

  it('filters, orders and limits embedded resources', async () => {
    const { data } = await sb
      .from('tags')
      .select('name, posts(title)')
      .order('name')
      .order('title', { referencedTable: 'posts', ascending: false })
      .limit(1, { referencedTable: 'posts' });
    expect(data).toEqual([
      { name: 'cs', posts: [{ title: 'Compilers, explained' }] },
      { name: 'history', posts: [{ title: 'Notes on the engine' }] },
      { name: 'math', posts: [{ title: 'Notes on the engine' }] },
    ]);
    const filtered = await sb.from('authors').select('name, posts!author_id(title)').eq('id', 1).gt('posts.views', 60);
    expect(filtered.data).toEqual([{ name: 'Ada', posts: [{ title: 'Notes on the engine' }] }]);
    const ored = await sb.from('authors').select('name, posts!author_id(title)').eq('id', 1).or('views.lt.60,title.like.Notes*', { referencedTable: 'posts' });
    expect((ored.data![0] as { posts: unknown[] }).posts).toHaveLength(2);
    const notNull = await sb.from('authors').select('name, author_profiles(website)').not('author_profiles', 'is', null);
    expect(notNull.data).toEqual([{ name: 'Ada', author_profiles: { website: 'https://ada.example' } }]);
    const notEmbedded = await sb.from('authors').select('name').eq('posts.views', 1);
    expect(notEmbedded.error).toMatchObject({ code: 'PGRST108' });
  });

  it('aggregates', async () => {
    const { data, error } = await sb.from('posts').select('author_id, total:views.sum(), count()').not('author_id', 'is', null).order('author_id');
    expect(error).toBeNull();
    expect(data).toEqual([{ author_id: 1, total: 150, count: 2 }, { author_id: 2, total: 75, count: 1 }, { author_id: 3, total: 0, count: 1 }]);
    const overall = await sb.from('posts').select('views.max(), views.avg()::int');
    expect(overall.data).toEqual([{ max: 100, avg: 56 }]);
  });

  it('orders, pages, counts and Content-Range / 206', async () => {
    const ordered = await sb.from('posts').select('title').order('published_at', { ascending: false, nullsFirst: true });
    expect(titles(ordered.data)[0]).toBe('Compilers, explained');
    const page = await sb.from('posts').select('id', { count: 'exact' }).order('id').range(1, 2);
    expect(page.data).toEqual([{ id: 2 }, { id: 3 }]);
    expect(page.count).toBe(4);
    expect(page.status).toBe(206);
    const head = await sb.from('posts').select('*', { count: 'exact', head: true }).gt('views', 10);
    expect(head).toMatchObject({ data: null, count: 3, status: 200 });
    const planned = await sb.from('posts').select('id', { count: 'planned' });
    expect(typeof planned.count).toBe('number');
    const estimated = await sb.from('posts').select('id', { count: 'estimated' });
    expect(estimated.count).toBe(4);
    const raw = await fetch(`${h.url}/rest/v1/posts?select=id&order=id`, { headers: { apikey: h.anonKey, Range: '0-1', Prefer: 'count=exact' } });
    expect(raw.status).toBe(206);
    expect(raw.headers.get('content-range')).toBe('0-1/4');
    const beyond = await fetch(`${h.url}/rest/v1/posts?offset=10`, { headers: { apikey: h.anonKey, Prefer: 'count=exact' } });
    expect(beyond.status).toBe(416);
    expect((await beyond.json()).code).toBe('PGRST103');
  });

  it('caps reads at the project max rows', async () => {
    await h.platform.control.db.query('update projects set api_max_rows = 2 where ref = $1', [h.ref]);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the gateway re-reads settings within a second
    const { data } = await sb.from('posts').select('id').order('id');
    expect(data).toEqual([{ id: 1 }, { id: 2 }]);
    await h.platform.control.db.query('update projects set api_max_rows = 1000 where ref = $1', [h.ref]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
  });

  it('single and maybeSingle objects, CSV, stripped nulls and explain', async () => {
    expect((await sb.from('posts').select('title').eq('id', 2).single()).data).toEqual({ title: 'Bernoulli numbers' });
    const many = await sb.from('posts').select('title').single();
    expect(many.status).toBe(406);
    expect(many.error).toMatchObject({ code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object', details: 'The result contains 4 rows' });
    expect((await sb.from('posts').select('title').eq('id', 99).maybeSingle())).toMatchObject({ data: null, error: null });
    const csv = await sb.from('authors').select('id, name, bio').order('id').csv();
    expect(csv.data).toBe('id,name,bio\n1,Ada,"First programmer"\n2,Grace,\n3,Linus,Kernel');
    const stripped = await sb.from('authors').select('name, bio').eq('id', 2).stripNulls();
    expect(stripped.data).toEqual([{ name: 'Grace' }]);
    // Plans are answered only when the project enables them (rpc-writes.test.ts covers the refusal).
    await h.api.patch(`/api/projects/${h.ref}/config/postgrest`, { db_plan_enabled: true });
    const plan = await sb.from('posts').select('id').eq('id', 1).explain();
    expect(plan.error).toBeNull();
    expect(String(plan.data)).toMatch(/Aggregate|Scan/);
    const planJson = await sb.from('posts').select('id').explain({ format: 'json', analyze: true });
    expect(Array.isArray(planJson.data)).toBe(true);
  });

  it('reads views and other exposed schemas; unexposed schemas are refused', async () => {
    const { data } = await sb.from('published_posts').select('title').order('id');
    expect(titles(data)).toEqual(['Notes on the engine', 'Bernoulli numbers', 'Just for fun']);
    // The view shows posts.id and posts.author_id, so the foreign keys of posts relate it too.
    const fromView = await sb.from('published_posts').select('title, authors(name), tags(name)').eq('id', 1).order('name', { referencedTable: 'tags' });
    expect(fromView.data).toEqual([{ title: 'Notes on the engine', authors: { name: 'Ada' }, tags: [{ name: 'history' }, { name: 'math' }] }]);
    const toView = await sb.from('authors').select('name, published_posts(title)').eq('id', 1).order('id', { referencedTable: 'published_posts' });
    expect(toView.data).toEqual([{ name: 'Ada', published_posts: [{ title: 'Notes on the engine' }, { title: 'Bernoulli numbers' }] }]);
    const other = await sb.schema('graphql_public').from('posts').select();
    expect(other.error).toMatchObject({ code: 'PGRST205' });
    const refused = await sb.schema('auth').from('users').select();
    expect(refused.status).toBe(406);
    expect(refused.error).toMatchObject({ code: 'PGRST106' });
  });

  it('answers bad input with PostgREST errors', async () => {
    const badFilter = await fetch(`${h.url}/rest/v1/posts?id=eqq.1`, { headers: { apikey: h.anonKey } });
    expect(badFilter.status).toBe(400);
    expect(await badFilter.json()).toMatchObject({ code: 'PGRST100', hint: null });
    expect((await sb.from('posts').select('id,(')).error).toMatchObject({ code: 'PGRST100' });
    expect((await sb.from('posts').select('id').or('id.eq')).error).toMatchObject({ code: 'PGRST100' });
    expect((await sb.from('posts').select('id').order('id.sideways')).error).toMatchObject({ code: 'PGRST100' });
    expect((await sb.from('posts').select('id').limit(-1)).error).toMatchObject({ code: 'PGRST100' });
    const unknownColumn = await sb.from('posts').select('nope');
    expect(unknownColumn.status).toBe(400);
    expect(unknownColumn.error).toMatchObject({ code: '42703', message: 'column posts.nope does not exist' });
    const unknownTable = await sb.from('nope').select();
    expect(unknownTable.status).toBe(404);
    expect(unknownTable.error).toMatchObject({ code: 'PGRST205' });
    const badValue = await sb.from('posts').select().eq('id', 'not-a-number');
    expect(badValue.status).toBe(400);
    expect(badValue.error).toMatchObject({ code: '22P02' });
    expect(JSON.stringify(badValue.error)).not.toMatch(/\bat \w+ \(|node_modules|_plinth/);
  });

  it('sees a table created after the schema cache was loaded', async () => {
    await h.db.exec('create table late_arrival (id int primary key, note text); insert into late_arrival values (1, \'hi\');');
    expect((await sb.from('late_arrival').select()).data).toEqual([{ id: 1, note: 'hi' }]);
    await h.db.exec('alter table late_arrival add column extra text default \'x\'');
    expect((await sb.from('late_arrival').select('extra')).data).toEqual([{ extra: 'x' }]);
  });

  it('serves the OpenAPI document filtered by the caller\'s privileges', async () => {
    const anon = await fetch(`${h.url}/rest/v1/`, { headers: { apikey: h.anonKey, accept: 'application/openapi+json' } });
    expect(anon.status).toBe(200);
    const doc = await anon.json();
    expect(doc.swagger).toBe('2.0');
    expect(doc.definitions.posts.properties.id).toMatchObject({ type: 'integer', format: 'integer' });
    expect(doc.definitions.posts.properties.mood).toMatchObject({ type: 'string', enum: ['happy', 'sad', 'meh'] });
    expect(doc.definitions.posts.properties.tags).toMatchObject({ type: 'array' });
    expect(doc.definitions.posts.required).toEqual(['title']);
    expect(doc.definitions.posts.properties.author_id.description).toContain("<fk table='authors' column='id'/>");
    expect(doc.paths['/rpc/add'].post.parameters[0].schema.required).toEqual(['a']);
    expect(doc.paths['/secrets']).toBeUndefined();
    const service = await (await fetch(`${h.url}/rest/v1/`, { headers: { apikey: h.serviceKey } })).json();
    expect(service.paths['/secrets']).toBeDefined();
    expect((await fetch(`${h.url}/rest/v1`, { headers: { apikey: h.anonKey } })).status).toBe(200);
  });
});
