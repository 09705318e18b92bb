import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { pgMetaPath } from './pg-meta-api.ts';

export type QueryRow = Record<string, unknown>;

/** `POST /pg-meta/{ref}/query {query}`: runs SQL, answers the rows of the last statement. */
export function runQuery(ref: string, query: string): Promise<QueryRow[]> {
  return api.post<QueryRow[]>(pgMetaPath(ref, 'query'), { query });
}

export function useQueryRunMutation(ref: string) {
  return useMutation({ mutationFn: (query: string) => runQuery(ref, query) });
}
