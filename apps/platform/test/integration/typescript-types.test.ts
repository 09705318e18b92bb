import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationOf, projectRowByRef } from '../../src/control/project-rows.ts';
import { signUp, waitForStatus, type ApiClient } from '../support/client.ts';
import { DEFAULT_ENGINE, startPlatform } from '../support/platform.ts';

const FIXTURE = `
  create type public.status as enum ('todo', 'doing', 'done');
  create table public.users (id uuid primary key default gen_random_uuid(), email text not null unique);
  create table public.todos (
    id bigint generated always as identity primary key,
    user_id uuid not null references public.users (id),
    title text not null,
    status public.status not null default 'todo',
    tags text[],
    meta jsonb,
    due date
  );
  create table public.profiles (user_id uuid primary key references public.users (id), "display name" text);
  create view public.open_todos as select id, title from public.todos where status <> 'done';
  create function public.count_todos(for_user uuid, only_open boolean default true) returns integer language sql
    as $$ select count(*)::int from public.todos where user_id = for_user and (not only_open or status <> 'done') $$;
  create function public.todos_of(for_user uuid) returns setof public.todos language sql
    as $$ select * from public.todos where user_id = for_user $$;
  create schema private;
  create table private.secrets (id int primary key);`;

/** Compiles the generated types together with code that uses them the way an app would. */
function compile(types: string, usage: string): string[] {
  const files: Record<string, string> = { '/database.types.ts': types, '/usage.ts': usage };
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, allowImportingTsExtensions: true, lib: ['lib.es2022.d.ts'], types: [] };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => files[name] ?? readFile(name);
  host.fileExists = (name) => name in files || ts.sys.fileExists(name);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language) => (name in files ? ts.createSourceFile(name, files[name], language) : getSourceFile(name, language));
  const program = ts.createProgram(Object.keys(files), options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe.each([DEFAULT_ENGINE])('generated TypeScript types on the %s engine', (engine) => {
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let api: ApiClient;
  let ref: string;
  beforeAll(async () => {
    platform = await startPlatform({ engine });
    api = (await signUp(platform.url)).api;
    const slug = (await api.post('/api/organizations', { name: 'Types' })).body.slug;
    ref = (await api.post('/api/projects', { name: 'p', organization_slug: slug, db_pass: 'a-long-db-password' })).body.ref;
    await waitForStatus(api, ref, 'ACTIVE_HEALTHY');
    const db = await platform.control.engine.project(locationOf((await projectRowByRef(platform.control.db, ref))!));
    await db.exec(FIXTURE);
  });
  afterAll(async () => platform?.stop());

  it('generates types that compile and describe the schema as supabase-js expects', async () => {
    const response = await api.get(`/api/v1/projects/${ref}/types/typescript`);
    expect(response.status).toBe(200);
    const types: string = response.body.types;
    expect(types).toContain('export type Database');
    expect(types).not.toContain('auth:');

    const usage = `
      import type { Database, Tables, TablesInsert, Enums } from './database.types.ts'
      type Todo = Database['public']['Tables']['todos']['Row']
      const todo: Todo = { id: 1, user_id: 'u', title: 't', status: 'doing', tags: null, meta: { a: [1, 'x'] }, due: null }
      const insert: TablesInsert<'todos'> = { user_id: 'u', title: 'only what is required' }
      const update: Database['public']['Tables']['todos']['Update'] = { status: 'done' }
      const status: Enums<'status'> = 'todo'
      const profile: Tables<'profiles'> = { user_id: 'u', 'display name': null }
      const open: Database['public']['Views']['open_todos']['Row'] = { id: null, title: 'x' }
      const args: Database['public']['Functions']['count_todos']['Args'] = { for_user: 'u' }
      const count: Database['public']['Functions']['count_todos']['Returns'] = 3
      const list: Database['public']['Functions']['todos_of']['Returns'] = [todo]
      const fk: Database['public']['Tables']['todos']['Relationships'][0]['referencedRelation'] = 'users'
      const secret: Database['private']['Tables']['secrets']['Row'] = { id: 1 }
      export { todo, insert, update, status, profile, open, args, count, list, fk, secret }`;
    expect(compile(types, usage)).toEqual([]);

    // And the types really constrain: a wrong enum value and a missing required column are errors.
    const wrong = `
      import type { Database } from './database.types.ts'
      const a: Database['public']['Tables']['todos']['Row']['status'] = 'archived'
      const b: Database['public']['Tables']['todos']['Insert'] = { title: 'no user' }
      export { a, b }`;
    const errors = compile(types, wrong);
    expect(errors).toHaveLength(2);
    expect(errors.join('\n')).toContain('"archived"');

    const onlyPublic = await api.get(`/api/v1/projects/${ref}/types/typescript?included_schemas=public`);
    expect(onlyPublic.body.types).not.toContain('private:');
  });
});
