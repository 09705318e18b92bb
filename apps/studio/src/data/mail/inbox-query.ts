import { useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@plinth/api-contract';
import { apiRequest } from '../../lib/api.ts';
import { mailKeys } from './keys.ts';

/** The most messages the inbox asks for; the catcher keeps the newest. */
export const INBOX_LIMIT = 100;
/** Mail arrives from the project's own users too, not only from this studio: look again now and then. */
const INBOX_POLL_MS = 10_000;

export function getInbox(ref: string, signal?: AbortSignal) {
  return apiRequest<ResponseOf<'projectMail'>>('GET', `/projects/${encodeURIComponent(ref)}/mail`, { query: { limit: INBOX_LIMIT }, signal });
}

/** GET /projects/{ref}/mail: the messages the project sent while no SMTP server was set, newest first. */
export function useInboxQuery(ref: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: mailKeys.inbox(ref),
    queryFn: ({ signal }) => getInbox(ref as string, signal),
    enabled: !!ref && enabled,
    refetchInterval: INBOX_POLL_MS,
  });
}
