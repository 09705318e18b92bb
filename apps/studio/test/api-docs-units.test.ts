/** The pure parts of the API docs and Settings > API: locations, key messages, readings, validation, quoting. */
import { Feature } from '@plinth/permissions';
import { describe, expect, it, vi } from 'vitest';
import { parseOpenApi, readableDescription } from '../src/data/api-docs/openapi.ts';
import { locationFromSearch, searchFromLocation, visibleSections, type DocsLocation } from '../src/features/api-docs/docs-location.ts';
import { exampleValue } from '../src/features/api-docs/snippets/example-values.ts';
import { authHeaders, jsLiteral, jsonInline, shellQuote } from '../src/features/api-docs/snippets/format.ts';
import { storageSnippetGroups } from '../src/features/api-docs/snippets/storage-snippets.ts';
import { allowedMimeTypesText, maxFileSizeText } from '../src/features/api-docs/sections/bucket-facts.ts';
import { realtimeGroups } from '../src/features/api-docs/snippets/realtime-snippets.ts';
import { tableSnippetGroups } from '../src/features/api-docs/snippets/table-snippets.ts';
import { exposableSchemas, parseSchemaList, validateDataApiForm } from '../src/features/api-settings/data-api-form.ts';
import { JWT_SECRET_UPDATE_FAILED, JWT_SECRET_UPDATING, keyMessage, NO_KEYS_PERMISSION } from '../src/features/api-settings/key-messages.ts';

const ctx = { url: 'http://localhost:8000/p/abcdefghijabcdefghij', anonKey: null, serviceKey: null, schema: 'public' };
const column = (name: string, format: string, extra: Record<string, unknown> = {}) => ({ [name]: { type: 'string', format, ...extra } });

describe('docs locations', () => {
  it('reads and writes ?page=, ?resource=, ?rpc= and ?bucket=', () => {
    const cases: [string, DocsLocation][] = [
      ['', { section: 'connect', item: null }],
      ['page=users', { section: 'user-management', item: null }],
      ['page=tables-intro', { section: 'entities', item: null }],
      ['page=rpc-intro', { section: 'stored-procedures', item: null }],
      ['resource=todos', { section: 'entities', item: 'todos' }],
      ['rpc=add_numbers', { section: 'stored-procedures', item: 'add_numbers' }],
      ['page=realtime', { section: 'realtime', item: null }],
      ['page=storage', { section: 'storage', item: null }],
      ['bucket=my+files', { section: 'storage', item: 'my files' }],
    ];
    for (const [search, location] of cases) {
      expect(locationFromSearch(new URLSearchParams(search))).toEqual(location);
      expect(searchFromLocation(location).toString()).toBe(search);
    }
    // The keys page of older links is Connect now.
    expect(locationFromSearch(new URLSearchParams('page=auth'))).toEqual({ section: 'connect', item: null });
  });

  it('gates User Management, Storage, Edge Functions and Realtime by feature', () => {
    const none = { [Feature.BILLING_INVOICES]: false, [Feature.PROJECT_AUTH]: false, [Feature.PROJECT_STORAGE]: false, [Feature.PROJECT_EDGE_FUNCTION]: false, [Feature.REALTIME]: false };
    expect(visibleSections(none).map((section) => section.title)).toEqual(['Connect', 'Tables & Views', 'Stored Procedures']);
    expect(visibleSections({ ...none, [Feature.REALTIME]: true }).map((section) => section.title)).toContain('Realtime');
  });
});

describe('key messages (spec §4, §6)', () => {
  it('says why a key is not shown, permission first', () => {
    expect(keyMessage(true, 'updated')).toBeNull();
    expect(keyMessage(true, 'updating')).toBe('Updating JWT secret...');
    expect(keyMessage(true, 'failed')).toBe('JWT secret update failed, new API key may have issues');
    expect(keyMessage(false, 'updating')).toBe('You need additional permissions to view API keys');
    expect([NO_KEYS_PERMISSION, JWT_SECRET_UPDATING, JWT_SECRET_UPDATE_FAILED]).toHaveLength(3);
  });

  it('reads the custom-hostname answers as the spec does', async () => {
    // The API client builds the auth client for this origin when it loads.
    vi.stubGlobal('location', new URL('http://localhost:8000/'));
    const { ApiError } = await import('../src/lib/api.ts');
    const { readCustomHostnameError } = await import('../src/data/api-settings/custom-hostname-query.ts');
    expect(readCustomHostnameError(new ApiError('x', 'This project has no custom hostname configuration.', 400))).toEqual({ status: '0_no_hostname_configured', hostname: null });
    expect(readCustomHostnameError(new ApiError('x', 'You are not allowed to set up custom domain', 400))).toEqual({ status: '0_not_allowed', hostname: null });
    expect(readCustomHostnameError(new ApiError('x', 'custom hostname configuration', 500))).toBeNull();
    vi.unstubAllGlobals();
  });
});

describe('Data API settings form', () => {
  it('validates schemas and max rows like the server', () => {
    expect(validateDataApiForm({ schemas: ['public'], maxRows: '1000' })).toEqual({ schemas: null, maxRows: null });
    expect(validateDataApiForm({ schemas: [], maxRows: '0' })).toEqual({ schemas: 'Expose at least one schema', maxRows: 'Max rows must be at least 1' });
    expect(validateDataApiForm({ schemas: ['public'], maxRows: '1000001' }).maxRows).toBe('Max rows can be at most 1,000,000');
    expect(validateDataApiForm({ schemas: ['public'], maxRows: '1.5' }).maxRows).toBe('Max rows must be a whole number');
  });

  it('splits comma lists and never offers system schemas', () => {
    expect(parseSchemaList(' public, graphql_public ,, public')).toEqual(['public', 'graphql_public']);
    expect(exposableSchemas(['pg_catalog', 'information_schema', 'public', 'storage'], ['graphql_public'])).toEqual(['graphql_public', 'public', 'storage']);
  });
});

describe('snippet text', () => {
  it('quotes for bash and JavaScript so odd values survive', () => {
    expect(shellQuote(`it's`)).toBe(`'it'\\''s'`);
    expect(jsLiteral({ title: "it's", 'odd key': [1, null, true] })).toBe(`{ title: 'it\\'s', 'odd key': [1, null, true] }`);
    expect(jsonInline({ a: 'x', b: [1, 2] })).toBe('{ "a": "x", "b": [1, 2] }');
  });

  it('uses placeholders with hidden keys and never shows a key the member may not read', () => {
    expect(authHeaders(ctx)).toEqual(['-H "apikey: $SUPABASE_KEY"', '-H "Authorization: Bearer $SUPABASE_KEY"']);
    expect(authHeaders({ ...ctx, anonKey: 'anon.jwt' }, 'service')).toEqual(['-H "apikey: $SERVICE_KEY"', '-H "Authorization: Bearer $SERVICE_KEY"']);
  });

  it('picks example values the column type accepts', () => {
    const typed = (format: string, extra: Partial<{ type: string; enumValues: string[]; maxLength: number }> = {}) =>
      exampleValue({ name: 'c', type: extra.type ?? 'string', format, enumValues: extra.enumValues ?? [], itemFormat: null, maxLength: extra.maxLength ?? null });
    expect(typed('bigint', { type: 'integer' })).toBe(1);
    expect(typed('numeric(10,2)', { type: 'number' })).toBe(1.5);
    expect(typed('character varying(3)', { maxLength: 3 })).toBe('som');
    expect(typed('uuid')).toMatch(/^[0-9a-f-]{36}$/);
    expect(typed('mood', { enumValues: ['happy', 'sad'] })).toBe('happy');
    expect(typed('integer[]', { type: 'array' })).toEqual([1]);
    expect(typed('jsonb')).toEqual({ key: 'value' });
  });

  it('offers no writes a view does not allow, and no upsert without a primary key', () => {
    const doc = {
      definitions: { log: { required: [], properties: { ...column('line', 'text') } } },
      paths: { '/log': { get: {}, post: {} } },
    };
    const [table] = parseOpenApi(doc).tables;
    const titles = tableSnippetGroups(table, ctx).flatMap((group) => group.snippets.map((snippet) => snippet.title));
    expect(titles).toContain('Insert a row');
    expect(titles).not.toContain('Upsert matching rows');
    expect(titles).not.toContain('Update matching rows');
    expect(titles).not.toContain('Delete matching rows');
    expect(titles).toContain('Subscribe to all events');
  });

  it('describes a bucket: MIME types and size limit in the spec words, one kind of URL per bucket', () => {
    expect(allowedMimeTypesText(null)).toBe('All types are allowed');
    expect(allowedMimeTypesText([])).toBe('No types are allowed');
    expect(allowedMimeTypesText(['image/*', 'text/plain'])).toBe('image/*, text/plain');
    expect(maxFileSizeText(null)).toBe('No limit');
    expect(maxFileSizeText(50 * 1024 * 1024)).toBe('50 MB');
    const ids = (isPublic: boolean | null) => storageSnippetGroups(ctx, { id: 'my files', isPublic }).flatMap((group) => group.snippets.map((snippet) => snippet.id));
    expect(ids(true)).toEqual(['upload-file', 'delete-files', 'list-files', 'download-file', 'public-url']);
    expect(ids(false)).toEqual(['upload-file', 'delete-files', 'list-files', 'download-file', 'signed-url']);
    expect(ids(null)).toEqual(['upload-file', 'delete-files', 'list-files', 'download-file', 'public-url', 'signed-url']);
    const upload = storageSnippetGroups(ctx, { id: "it's", isPublic: false })[0].snippets[0];
    expect(upload.js).toContain(".from('it\\'s')");
    expect(upload.bash).toContain("/storage/v1/object/it'\\''s/folder/avatar1.png");
  });

  it('cleans PostgREST notes from descriptions and survives an empty document', () => {
    expect(readableDescription("Owner\n\nNote:\nThis is a Foreign Key to `users.id`.<fk table='users' column='id'/>")).toBe('Owner\n\nNote:\nThis is a Foreign Key to `users.id`.');
    expect(parseOpenApi(null)).toEqual({ tables: [], functions: [] });
  });

  it('uses the spec constants: list limit 100 offset 0, signed URL 60 s, cacheControl 3600, range 0-9, 30 s cleanup', () => {
    const storage = storageSnippetGroups(ctx).flatMap((group) => group.snippets);
    const text = storage.map((snippet) => `${snippet.js}\n${snippet.bash}`).join('\n');
    expect(text).toContain('limit: 100');
    expect(text).toContain('offset: 0');
    expect(text).toContain("createSignedUrl('folder/avatar1.png', 60)");
    expect(text).toContain('"expiresIn": 60');
    expect(text).toContain("cacheControl: '3600'");
    const doc = { definitions: { t: { properties: column('name', 'text') } } };
    const pagination = tableSnippetGroups(parseOpenApi(doc).tables[0], ctx)[0].snippets.find((snippet) => snippet.id === 'with-pagination')!;
    expect(pagination.js).toContain('.range(0, 9)');
    expect(pagination.bash).toContain('-H "Range: 0-9"');
    expect(realtimeGroups(ctx).map((group) => group.description ?? '').join(' ')).toContain('automatic cleanup occurs 30 seconds after a client disconnects');
  });
});
