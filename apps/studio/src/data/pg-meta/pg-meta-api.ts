/**
 * The one way the studio reaches pg-meta (`/api/platform/pg-meta/{ref}/...`). List endpoints answer
 * a page (`{ items, count }`); older or simpler endpoints may answer a bare array, so lists go
 * through `itemsOf` and every caller sees an array.
 */
import { api, type RequestOptions } from '../../lib/api.ts';

export interface ListPage<T> {
  items: T[];
  count: number;
}

export function pgMetaPath(ref: string, resource: string, id?: string | number): string {
  const base = `/pg-meta/${encodeURIComponent(ref)}/${resource}`;
  return id === undefined ? base : `${base}/${encodeURIComponent(String(id))}`;
}

export function itemsOf<T>(data: T[] | ListPage<T> | null | undefined): T[] {
  if (!data) return [];
  return Array.isArray(data) ? data : data.items;
}

/** Fetches a whole list (the studio pages here show every row of one schema, virtualised). */
export async function listAll<T>(ref: string, resource: string, options: RequestOptions = {}): Promise<T[]> {
  const data = await api.get<T[] | ListPage<T>>(pgMetaPath(ref, resource), options);
  return itemsOf(data);
}

export const pgMetaApi = {
  list: listAll,
  get: <T>(ref: string, resource: string, id: string | number, options?: RequestOptions) => api.get<T>(pgMetaPath(ref, resource, id), options),
  create: <T>(ref: string, resource: string, body: unknown) => api.post<T>(pgMetaPath(ref, resource), body),
  update: <T>(ref: string, resource: string, id: string | number, body: unknown) => api.patch<T>(pgMetaPath(ref, resource, id), body),
  remove: <T>(ref: string, resource: string, id: string | number, query?: RequestOptions['query']) =>
    api.delete<T>(pgMetaPath(ref, resource, id), undefined, { query }),
};
