import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationOf, projectRowByRef } from '../../src/control/project-rows.ts';
import { titleForSql } from '../../src/control/sql-title.ts';
import { signUp, uniqueEmail, waitForStatus, type ApiClient } from '../support/client.ts';
import { DEFAULT_ENGINE, startPlatform } from '../support/platform.ts';

describe.each([DEFAULT_ENGINE])('saved SQL snippets on the %s engine', (engine) => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let owner: ApiClient;
  let developer: ApiClient;
  let readOnly: ApiClient;
  let ref: string;

  async function join(slug: string, role: string): Promise<ApiClient> {
    const member = await signUp(platform.url, uniqueEmail(role.replace(/\W/g, '')));
    await owner.post(`/api/organizations/${slug}/members/invitations`, { email: member.email, role });
    const [invitation] = (await member.api.get('/api/profile/invitations')).body;
    await member.api.post(`/api/organizations/${slug}/members/invitations/${invitation.id}/accept`);
    return member.api;
  }

  beforeAll(async () => {
    platform = await startPlatform({ engine });
    owner = (await signUp(platform.url)).api;
    const slug = (await owner.post('/api/organizations', { name: 'Snippets', plan: 'team', payment_method: { provider: 'manual', details: { billing_email: 'billing@example.com' } } })).body.slug;
    ref = (await owner.post('/api/projects', { name: 'p', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    await waitForStatus(owner, ref, 'ACTIVE_HEALTHY');
    developer = await join(slug, 'Developer');
    readOnly = await join(slug, 'Read-only');
  });
  afterAll(async () => platform?.stop());

  const save = (api: ApiClient, id: string, sql: string, extra: object = {}) =>
    api.request('PUT', `/api/platform/projects/${ref}/content`, { id, name: 'New query', visibility: 'user', content: { sql }, ...extra });

  it('autosaves, keeps personal snippets personal, shares, favourites, renames and deletes', async () => {
    const id = randomUUID();
    expect((await save(developer, id, 'select 1')).status).toBe(200);
    const saved = await save(developer, id, 'select 2');
    expect(saved.body).toMatchObject({ id, visibility: 'user', content: { sql: 'select 2', favorite: false }, can_edit: true });

    // A personal snippet is invisible to everyone else, even by id.
    expect((await owner.get(`/api/projects/${ref}/content`)).body.data).toEqual([]);
    expect((await owner.get(`/api/projects/${ref}/content/item/${id}`)).status).toBe(404);
    expect((await save(owner, id, 'drop table x')).status).toBe(404);

    const renamed = await developer.patch(`/api/projects/${ref}/content?id=${id}`, { name: 'Count todos', description: 'How many' });
    expect(renamed.body).toMatchObject({ name: 'Count todos', description: 'How many' });
    expect((await developer.patch(`/api/projects/${ref}/content?id=${id}`, { content: { favorite: true } })).body.content.favorite).toBe(true);
    expect((await developer.get(`/api/projects/${ref}/content?favorite=true`)).body.data.map((s: { id: string }) => s.id)).toEqual([id]);

    // Shared: every member sees it; a read-only member can read but not change it.
    expect((await developer.patch(`/api/projects/${ref}/content?id=${id}`, { visibility: 'project' })).body.visibility).toBe('project');
    expect((await owner.get(`/api/projects/${ref}/content?visibility=project`)).body.data[0]).toMatchObject({ id, can_edit: true });
    const seenByReadOnly = (await readOnly.get(`/api/projects/${ref}/content`)).body.data[0];
    expect(seenByReadOnly).toMatchObject({ id, can_edit: false });
    expect((await readOnly.patch(`/api/projects/${ref}/content?id=${id}`, { name: 'mine now' })).status).toBe(403);
    expect((await readOnly.delete(`/api/projects/${ref}/content?id=${id}`)).status).toBe(403);

    expect((await owner.delete(`/api/projects/${ref}/content?id=${id}`)).body).toEqual({ deleted: [id] });
    const again = await owner.delete(`/api/projects/${ref}/content?id=${id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Content not found');
  });

  it('refuses to save for members who cannot create content, with the spec message', async () => {
    const response = await save(readOnly, randomUUID(), 'select 1');
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('Your queries will not be saved as you do not have sufficient permissions');
  });

  it('pages through many snippets and filters by name', async () => {
    for (let i = 0; i < 5; i++) await save(owner, randomUUID(), `select ${i}`, { name: `report ${i}` });
    const first = await owner.get(`/api/projects/${ref}/content?limit=3`);
    expect(first.body.data).toHaveLength(3);
    const second = await owner.get(`/api/projects/${ref}/content?limit=3&cursor=${first.body.cursor}`);
    expect(second.body.data.length).toBeGreaterThanOrEqual(2);
    expect((await owner.get(`/api/projects/${ref}/content?name=report%203`)).body.data.map((s: { name: string }) => s.name)).toEqual(['report 3']);
  });

  it('exports a table as CSV that matches its rows, quoting what needs quoting', async () => {
    const db = await platform.control.engine.project(locationOf((await projectRowByRef(platform.control.db, ref))!));
    await db.exec(`
      create table public."Odd, ""name""" (id int primary key, title text, tags text[], doc jsonb, note text);
      insert into public."Odd, ""name""" values
        (1, 'plain', '{a,b}', '{"k": "v, w"}', null),
        (2, 'comma, "quote"', '{}', '[1,2]', e'two\nlines'),
        (3, ' édge ', null, 'null', '');
      insert into public."Odd, ""name""" select g, 'row ' || g, null, null, null from generate_series(4, 12000) g;`);
    const { rows } = await db.query<{ oid: number }>(`select 'public."Odd, ""name"""'::regclass::oid as oid`);
    const response = await fetch(`${platform.url}/api/projects/${ref}/tables/${rows[0].oid}/export.csv`, {
      headers: { authorization: `Bearer ${readOnly.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toContain(encodeURIComponent('Odd, "name".csv'));
    const text = await response.text();
    const lines = text.split('\r\n');
    expect(lines.slice(0, 4)).toEqual([
      'id,title,tags,doc,note',
      '1,plain,"{a,b}","{""k"": ""v, w""}",',
      '2,"comma, ""quote""",{},"[1, 2]","two\nlines"',
      '3," édge ",,null,',
    ]);
    expect(lines.at(-2)).toBe('12000,row 12000,,,');
    expect(lines).toHaveLength(12000 + 2);

    const outsider = (await signUp(platform.url)).api;
    expect((await outsider.get(`/api/projects/${ref}/tables/${rows[0].oid}/export.csv`)).status).toBe(404);
    expect((await owner.get(`/api/projects/${ref}/tables/1/export.csv`)).body.code).toBe('table_not_found');
  });

  it('suggests a title and description from the SQL, locally', async () => {
    const response = await owner.post('/api/ai/sql/title', { sql: 'select id, title from public.todos t join users u on u.id = t.user_id where done' });
    expect(response.body).toEqual({ title: 'Query public.todos', description: 'Reads rows from public.todos and users.' });
  });
});

describe('titleForSql', () => {
  it('names the verb and the relations of the first statement', () => {
    expect(titleForSql('create table "Todo Items" (id int); insert into "Todo Items" values (1);')).toEqual({
      title: 'Create table Todo Items',
      description: 'Creates the table Todo Items. It runs 2 statements in all.',
    });
    expect(titleForSql('-- just a comment\n  ').title).toBe('Untitled query');
    expect(titleForSql("delete from todos where title = 'from nowhere'").description).toBe('Deletes rows from todos.');
  });
});
