/** A small schema for planner tests: authors 1-n posts, posts n-n tags via post_tags, a function. */
import { indexSchema, PostgrestError, type Column, type DbFunction, type Relation } from '../src/index.ts';

export const col = (name: string, castType = 'text', extra: Partial<Column> = {}): Column => ({
  name, castType, declaredType: castType, category: castType === 'integer' ? 'N' : 'S', nullable: true, defaultSql: null,
  description: null, enumValues: null, maxLength: null, ...extra,
});

const table = (name: string, columns: Column[], primaryKey: string[]): Relation => ({
  schema: 'public', name, kind: 'table', columns, primaryKey, uniqueKeys: [], description: null, insertable: true, updatable: true, deletable: true,
});

export const authors = table('authors', [col('id', 'integer'), col('name'), col('data', 'jsonb')], ['id']);
export const posts = table('posts', [col('id', 'integer'), col('author_id', 'integer'), col('title'), col('tags', 'text[]'), col('views', 'integer', { defaultSql: '0' })], ['id']);
export const tags = table('tags', [col('id', 'integer'), col('name')], ['id']);
export const postTags = table('post_tags', [col('post_id', 'integer'), col('tag_id', 'integer')], ['post_id', 'tag_id']);

const addFn: DbFunction = {
  schema: 'public', name: 'add', args: [{ name: 'a', castType: 'integer', hasDefault: false, isVariadic: false }, { name: 'b', castType: 'integer', hasDefault: true, isVariadic: false }],
  isSetof: false, returnKind: 'scalar', returnType: 'integer', returnRelation: null, returnColumns: [], volatility: 'immutable', description: null,
};

export const published = { ...table('published', [col('id', 'integer'), col('author_id', 'integer')], []), kind: 'view' as const };

export const schema = indexSchema({
  relations: [authors, posts, tags, postTags, published],
  viewSources: [
    { schema: 'public', view: 'published', column: 'id', sourceSchema: 'public', sourceTable: 'posts' },
    { schema: 'public', view: 'published', column: 'author_id', sourceSchema: 'public', sourceTable: 'posts' },
  ],
  foreignKeys: [
    { name: 'posts_author_id_fkey', schema: 'public', table: 'posts', columns: ['author_id'], refSchema: 'public', refTable: 'authors', refColumns: ['id'] },
    { name: 'post_tags_post_id_fkey', schema: 'public', table: 'post_tags', columns: ['post_id'], refSchema: 'public', refTable: 'posts', refColumns: ['id'] },
    { name: 'post_tags_tag_id_fkey', schema: 'public', table: 'post_tags', columns: ['tag_id'], refSchema: 'public', refTable: 'tags', refColumns: ['id'] },
  ],
  functions: [addFn],
});

export const config = { exposedSchemas: ['public'], maxRows: 1000 };

/** The PostgrestError `fn` throws; fails the test when it throws something else or nothing. */
export function pgrstError(fn: () => unknown): PostgrestError {
  try {
    fn();
  } catch (error) {
    if (error instanceof PostgrestError) return error;
    throw error;
  }
  throw new Error('expected a PostgrestError');
}
