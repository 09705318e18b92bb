import { z } from 'zod';
import { refSchema } from './common.ts';
import { endpoint, type Endpoint } from './endpoints-base.ts';

export const SNIPPET_VISIBILITIES = ['user', 'project'] as const;
/** `sql`: the SQL editor's snippets; `log_sql`: the logs explorer's saved queries (same shape and rules). */
export const SNIPPET_TYPES = ['sql', 'log_sql'] as const;

export const snippetSchema = z.object({
  id: z.string().uuid(),
  type: z.enum(SNIPPET_TYPES),
  name: z.string(),
  description: z.string().nullable(),
  visibility: z.enum(SNIPPET_VISIBILITIES),
  content: z.object({ sql: z.string(), favorite: z.boolean(), schema_version: z.literal('1.0') }),
  owner_id: z.string(),
  owner: z.object({ id: z.string(), username: z.string() }),
  project_ref: z.string(),
  inserted_at: z.string(),
  updated_at: z.string(),
  /** Computed by the server for the caller, so the studio never re-implements the rules. */
  can_edit: z.boolean(),
});
export type Snippet = z.infer<typeof snippetSchema>;

/** 1 MB of SQL is far beyond any hand-written query and keeps a snippet a sane row. */
const sqlText = z.string().max(1_000_000, 'A query can be at most 1,000,000 characters');
const snippetName = z.string().trim().min(1, 'Please enter a query name').max(256);

export const snippetUpsertBody = z.object({
  id: z.string().uuid(),
  type: z.enum(SNIPPET_TYPES).default('sql'),
  name: snippetName,
  description: z.string().max(2000).nullable().optional(),
  visibility: z.enum(SNIPPET_VISIBILITIES).default('user'),
  content: z.object({ sql: sqlText, favorite: z.boolean().optional(), schema_version: z.literal('1.0').optional() }),
});
export const snippetPatchBody = z.object({
  name: snippetName.optional(),
  description: z.string().max(2000).nullable().optional(),
  visibility: z.enum(SNIPPET_VISIBILITIES).optional(),
  content: z.object({ sql: sqlText.optional(), favorite: z.boolean().optional() }).optional(),
});

const refParams = z.object({ ref: refSchema });
const idQuery = z.object({ id: z.string().uuid() });

export const contentEndpoints = {
  contentList: endpoint({
    method: 'GET',
    path: '/projects/:ref/content',
    summary: "SQL snippets or saved log queries (type): the caller's own and the project's shared ones",
    params: refParams,
    query: z.object({
      type: z.enum(SNIPPET_TYPES).default('sql'),
      visibility: z.enum(SNIPPET_VISIBILITIES).optional(),
      favorite: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
      name: z.string().max(256).optional(),
      limit: z.coerce.number().int().min(1).max(1000).default(100),
      cursor: z.string().max(200).optional(),
    }),
    response: z.object({ data: z.array(snippetSchema), cursor: z.string().nullable() }),
  }),
  contentItem: endpoint({
    method: 'GET',
    path: '/projects/:ref/content/item/:id',
    summary: 'One SQL snippet',
    params: z.object({ ref: refSchema, id: z.string().uuid() }),
    response: snippetSchema,
  }),
  contentUpsert: endpoint({
    method: 'PUT',
    path: '/projects/:ref/content',
    summary: 'Create or save a SQL snippet (autosave)',
    params: refParams,
    body: snippetUpsertBody,
    response: snippetSchema,
  }),
  contentPatch: endpoint({
    method: 'PATCH',
    path: '/projects/:ref/content',
    summary: 'Rename, share, favourite or edit a SQL snippet',
    params: refParams,
    query: idQuery,
    body: snippetPatchBody,
    response: snippetSchema,
  }),
  contentDelete: endpoint({
    method: 'DELETE',
    path: '/projects/:ref/content',
    summary: 'Delete SQL snippets (comma-separated ids)',
    params: refParams,
    query: z.object({ id: z.string().max(4000) }),
    response: z.object({ deleted: z.array(z.string()) }),
  }),
  tableExportCsv: endpoint({
    method: 'GET',
    path: '/projects/:ref/tables/:id/export.csv',
    summary: 'A table or view as CSV, streamed (text/csv)',
    params: z.object({ ref: refSchema, id: z.coerce.number().int().positive() }),
    response: z.string(),
  }),
  sqlTitle: endpoint({
    method: 'POST',
    path: '/ai/sql/title',
    summary: 'A title and description for a query, derived locally from its SQL',
    body: z.object({ sql: sqlText }),
    response: z.object({ title: z.string(), description: z.string() }),
  }),
} as const satisfies Record<string, Endpoint>;
