/**
 * The storage policies page's rules (spec §2, §3, §5, §6): template substitution, the generated
 * names, one policy per operation, grouping and the client operation map. The grouping and the
 * templates are also checked on a real project database (PGlite with the platform's bootstrap):
 * what pg_get_expr prints is what the page groups, and a template really filters uploads.
 */
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bucket } from '@plinth/api-contract';
import { createPolicy, listPolicies } from '@plinth/pg-meta';
import { bootstrapScript } from '../../platform/src/engines/bootstrap.ts';
import type { Policy } from '../src/data/pg-meta/types.ts';
import {
  allowedClientMethods, bucketNameHash, capStoragePolicyName, EMPTY_STORAGE_POLICY_FORM, formFromTemplate, generatedPolicyName,
  newStoragePolicyForm, reviewStoragePolicies, STORAGE_CLIENT_OPERATIONS, storagePolicyPayloads, toggleOperation, validateStoragePolicyForm,
  type StoragePolicyFormValues,
} from '../src/features/storage-policies/storage-policy-form.ts';
import {
  bucketIdInExpression, BUCKETS_TABLE_LABEL, groupFooter, groupStoragePolicies, OTHER_OBJECTS_LABEL, UNGROUPED, bucketOfPolicy,
} from '../src/features/storage-policies/storage-policy-groups.ts';
import { applyBucketToTemplate, STORAGE_POLICY_TEMPLATES } from '../src/features/storage-policies/storage-policy-templates.ts';

const form = (values: Partial<StoragePolicyFormValues>): StoragePolicyFormValues => ({ ...EMPTY_STORAGE_POLICY_FORM, ...values });
const ownFolder = STORAGE_POLICY_TEMPLATES.find((template) => template.id === 'storage-policy-own-uid-folder')!;

function bucket(id: string, isPublic = false): Bucket {
  return { id, name: id, owner: '', public: isPublic, file_size_limit: null, allowed_mime_types: null, created_at: '', updated_at: '' };
}

describe('storage policy templates (spec §3, §4)', () => {
  it('has the five templates, each restricted to its bucket through {bucket_id}', () => {
    expect(STORAGE_POLICY_TEMPLATES).toHaveLength(5);
    expect(new Set(STORAGE_POLICY_TEMPLATES.map((template) => template.id)).size).toBe(5);
    for (const template of STORAGE_POLICY_TEMPLATES) {
      expect(template.definition.startsWith('bucket_id = {bucket_id} AND ')).toBe(true);
      expect(template.statement).toContain('bucket_id = {bucket_id}');
      expect(template.allowedOperations).toEqual([]);
    }
  });

  it('substitutes the bucket id as a SQL literal, quotes doubled', () => {
    expect(applyBucketToTemplate(ownFolder.definition, 'avatars')).toBe("bucket_id = 'avatars' AND (select auth.uid()::text) = (storage.foldername(name))[1]");
    expect(applyBucketToTemplate('bucket_id = {bucket_id} or {bucket_id} = bucket_id', "o'brien")).toBe("bucket_id = 'o''brien' or 'o''brien' = bucket_id");
  });

  it('fills the form from a template and starts a new policy restricted to the bucket', () => {
    const filled = formFromTemplate(form({ roles: ['authenticated'], allowedOperations: ['DELETE'] }), ownFolder, 'docs');
    expect(filled).toEqual({
      name: 'Give users access to own folder',
      roles: ['authenticated'],
      policyIds: [],
      definition: "bucket_id = 'docs' AND (select auth.uid()::text) = (storage.foldername(name))[1]",
      allowedOperations: [],
    });
    expect(newStoragePolicyForm('docs').definition).toBe("bucket_id = 'docs'");
  });
});

describe('storage policy editor (spec §5)', () => {
  it('checks name, then definition, then operations, with the spec messages', () => {
    expect(validateStoragePolicyForm(form({}))).toBe('Do give your policy a name');
    expect(validateStoragePolicyForm(form({ name: 'p', definition: '  \n ' }))).toBe('Did you forget to provide a definition for your policy?');
    expect(validateStoragePolicyForm(form({ name: 'p', definition: 'true' }))).toBe('You will need to allow at least one operation in your policy');
    expect(validateStoragePolicyForm(form({ name: 'p', definition: 'true', allowedOperations: ['SELECT'] }))).toBeNull();
  });

  it('caps the name at 50 characters', () => {
    expect(capStoragePolicyName('x'.repeat(60))).toBe('x'.repeat(50));
    expect([...capStoragePolicyName('🙂'.repeat(60))]).toHaveLength(50);
  });

  it('keeps ticked operations in SELECT, INSERT, UPDATE, DELETE order', () => {
    expect(toggleOperation(['DELETE'], 'SELECT')).toEqual(['SELECT', 'DELETE']);
    expect(toggleOperation(['SELECT', 'DELETE'], 'SELECT')).toEqual(['DELETE']);
  });

  it('hashes the bucket name in base 36 as names made by Supabase Studio show', () => {
    // Pairs seen in policies Supabase Studio generated (name suffix and bucket_id of the same policy).
    expect(bucketNameHash('avatars')).toBe('1oj01fe');
    expect(bucketNameHash('files')).toBe('1m0cqf');
    expect(bucketNameHash('images')).toBe('1ffg0oo');
    expect(bucketNameHash('')).toBe('0');
    expect(generatedPolicyName(' Own folder ', 'avatars', 1)).toBe('Own folder 1oj01fe_1');
  });

  it('creates one policy per operation: INSERT with a check, the others with using; no roles is public', () => {
    const values = form({ name: 'Own folder', definition: "bucket_id = 'avatars'\n   AND true", allowedOperations: ['SELECT', 'INSERT'] });
    expect(storagePolicyPayloads('avatars', values)).toEqual([
      { schema: 'storage', table: 'objects', name: 'Own folder 1oj01fe_0', command: 'SELECT', action: 'PERMISSIVE', definition: "bucket_id = 'avatars' AND true", roles: [] },
      { schema: 'storage', table: 'objects', name: 'Own folder 1oj01fe_1', command: 'INSERT', action: 'PERMISSIVE', check: "bucket_id = 'avatars' AND true", roles: [] },
    ]);
    const review = reviewStoragePolicies('avatars', { ...values, roles: ['authenticated'] });
    expect(review.map((statement) => statement.sql)).toEqual([
      `CREATE POLICY "Own folder 1oj01fe_0" ON "storage"."objects" AS PERMISSIVE FOR SELECT TO "authenticated" USING (bucket_id = 'avatars' AND true);`,
      `CREATE POLICY "Own folder 1oj01fe_1" ON "storage"."objects" AS PERMISSIVE FOR INSERT TO "authenticated" WITH CHECK (bucket_id = 'avatars' AND true);`,
    ]);
    expect(review[1].description).toBe('Add policy for the INSERT operation under the policy "Own folder"');
    expect(reviewStoragePolicies('avatars', values)[0].sql).toContain(' TO public USING ');
    expect(() => reviewStoragePolicies('avatars', { ...values, definition: 'true; drop table storage.objects' })).toThrow(/single expression/);
  });
});

describe('policy operations and client operations (spec §6)', () => {
  it('maps each client method to the operations it needs', () => {
    expect(STORAGE_CLIENT_OPERATIONS).toMatchObject({
      upload: ['INSERT'],
      download: ['SELECT'],
      list: ['SELECT'],
      update: ['SELECT', 'UPDATE'],
      move: ['SELECT', 'UPDATE'],
      copy: ['SELECT', 'INSERT'],
      remove: ['SELECT', 'DELETE'],
      createSignedUrl: ['SELECT'],
      getPublicUrl: [],
    });
  });

  it('allows the methods whose operations are all ticked', () => {
    expect(allowedClientMethods([])).toEqual(['getPublicUrl']);
    expect(allowedClientMethods(['INSERT'])).toEqual(['upload', 'getPublicUrl']);
    expect(allowedClientMethods(['SELECT', 'INSERT'])).toEqual(['upload', 'download', 'list', 'copy', 'createSignedUrl', 'createSignedUrls', 'getPublicUrl']);
    expect(allowedClientMethods(['SELECT', 'INSERT', 'UPDATE', 'DELETE'])).toEqual(Object.keys(STORAGE_CLIENT_OPERATIONS));
  });
});

describe('grouping (spec §2)', () => {
  const policy = (id: number, name: string, table: string, definition: string | null, check: string | null = null): Policy => ({
    id, name, table, definition, check, schema: 'storage', table_id: 1, action: 'PERMISSIVE', roles: ['public'], command: 'SELECT',
  });

  it('finds the bucket id as typed and as Postgres prints it', () => {
    expect(bucketIdInExpression("bucket_id = 'avatars' AND true")).toBe('avatars');
    expect(bucketIdInExpression("((bucket_id = 'avatars'::text) AND ((storage.foldername(name))[1] = 'public'::text))")).toBe('avatars');
    expect(bucketIdInExpression("('o''brien'::text = bucket_id)")).toBe("o'brien");
    expect(bucketIdInExpression("(name = 'bucket_id')")).toBeNull();
    expect(bucketIdInExpression(null)).toBeNull();
    expect(bucketOfPolicy({ definition: null, check: "(bucket_id = 'docs'::text)" }, new Set(['docs']))).toBe('docs');
    expect(bucketOfPolicy({ definition: "(bucket_id = 'gone'::text)", check: null }, new Set(['docs']))).toBe(UNGROUPED);
  });

  it('makes a group per bucket, then the others, then storage.buckets, with the footers', () => {
    const groups = groupStoragePolicies(
      [bucket('avatars', true), bucket('docs')],
      [
        policy(1, 'b', 'objects', "(bucket_id = 'avatars'::text)"),
        policy(2, 'a', 'objects', null, "(bucket_id = 'avatars'::text)"),
        policy(3, 'gone', 'objects', "(bucket_id = 'deleted'::text)"),
        policy(4, 'all', 'objects', 'true'),
        policy(5, 'list buckets', 'buckets', 'true'),
      ],
    );
    expect(groups.map((group) => [group.label, group.policies.map((p) => p.name)])).toEqual([
      ['avatars', ['a', 'b']],
      ['docs', []],
      [OTHER_OBJECTS_LABEL, ['all', 'gone']],
      [BUCKETS_TABLE_LABEL, ['list buckets']],
    ]);
    expect(groups.map(groupFooter)).toEqual([
      '2 policies in avatars',
      '0 policies in docs',
      '2 policies that are not tied to any buckets',
      '1 policy that target your buckets',
    ]);
    expect(groupStoragePolicies([], []).map((group) => group.label)).toEqual([OTHER_OBJECTS_LABEL, BUCKETS_TABLE_LABEL]);
  });
});

describe('on a project database', () => {
  let db: PGlite;
  const userId = '11111111-2222-4333-8444-555555555555';

  beforeAll(async () => {
    // The bootstrap creates Supabase's default extensions, which a bare PGlite must be given.
    db = new PGlite({ extensions: { pgcrypto, uuid_ossp } });
    await db.exec(bootstrapScript('embedded'));
    await db.exec(`insert into storage.buckets (id, name) values ('avatars', 'avatars'), ('docs', 'docs');`);
  }, 60_000);
  afterAll(async () => db?.close());

  /** Inserts an object as `authenticated` with this user's claims; true when RLS let it in. */
  async function insertAs(uid: string, bucketId: string, name: string): Promise<boolean> {
    try {
      await db.transaction(async (tx) => {
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: uid, role: 'authenticated' })]);
        await tx.query('set local role authenticated');
        await tx.query('insert into storage.objects (bucket_id, name) values ($1, $2)', [bucketId, name]);
      });
      return true;
    } catch (error) {
      if (/row-level security/.test(String(error))) return false;
      throw error;
    }
  }

  it('creates every template for every operation, and the page groups them under the bucket', async () => {
    for (const template of STORAGE_POLICY_TEMPLATES) {
      const values = { ...formFromTemplate(EMPTY_STORAGE_POLICY_FORM, template, 'avatars'), allowedOperations: toggleOperation(['SELECT', 'INSERT', 'UPDATE'], 'DELETE') };
      for (const payload of storagePolicyPayloads('avatars', values)) await createPolicy(db, payload);
    }
    await createPolicy(db, { schema: 'storage', table: 'buckets', name: 'read buckets', command: 'SELECT', definition: 'true' });
    const policies = (await listPolicies(db, { included_schemas: ['storage'] })).items;
    const groups = groupStoragePolicies([bucket('avatars'), bucket('docs')], policies);
    expect(groups.map((group) => [group.label, group.policies.length])).toEqual([
      ['avatars', 20],
      ['docs', 0],
      [OTHER_OBJECTS_LABEL, 0],
      [BUCKETS_TABLE_LABEL, 1],
    ]);
    const lastOfOwnFolder = groups[0].policies.find((p) => p.name === `${ownFolder.name} ${bucketNameHash('avatars')}_3`);
    expect(lastOfOwnFolder).toMatchObject({ command: 'DELETE', roles: ['public'] });
  });

  it('the own-folder template lets a user upload into their folder only', async () => {
    await db.exec(`do $$ declare p record; begin
      for p in select policyname from pg_policies where schemaname = 'storage' and tablename = 'objects' loop
        execute format('drop policy %I on storage.objects', p.policyname);
      end loop; end $$;`);
    const values = { ...formFromTemplate(EMPTY_STORAGE_POLICY_FORM, ownFolder, 'avatars'), roles: ['authenticated'], allowedOperations: toggleOperation(['SELECT'], 'INSERT') };
    for (const payload of storagePolicyPayloads('avatars', values)) await createPolicy(db, payload);
    expect(await insertAs(userId, 'avatars', `${userId}/a.txt`)).toBe(true);
    expect(await insertAs(userId, 'avatars', 'other/a.txt')).toBe(false);
    expect(await insertAs(userId, 'docs', `${userId}/a.txt`)).toBe(false);
  });
});
