/**
 * Broadcasts sent over HTTP: `POST /api/broadcast {messages: [{topic, event, payload, private}]}`
 * (realtime-js's send() without a joined channel) and `POST /api/broadcast/{topic}/events/{event}`
 * (httpSend(), the body is the payload: JSON or raw bytes). Answered 202 once handed to the
 * channels; a private message the caller's INSERT policy does not allow is skipped (and logged),
 * as Supabase does.
 */
import { PlinthError } from '@plinth/errors';
import type { Caller, ProjectHandle } from '../gateway/index.ts';
import { writeRealtimeLog } from '../logs/realtime-logs.ts';
import { channelPolicies } from './authorization.ts';
import type { BroadcastBody } from './protocol.ts';
import { REASONS } from './reasons.ts';
import { scopeOf } from './scope.ts';
import type { RealtimeService } from './service.ts';

const MAX_MESSAGES = 1000;

export interface RestBroadcast {
  topic: string;
  isPrivate: boolean;
  body: BroadcastBody;
}

/** The batch endpoint's body, checked. */
export function parseBroadcastBatch(body: unknown): RestBroadcast[] {
  const messages = (body as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(messages) || messages.length === 0 || messages.length > MAX_MESSAGES) {
    throw new PlinthError('realtime_invalid_broadcast', `messages must be a list of 1 to ${MAX_MESSAGES} messages.`);
  }
  return messages.map((raw, i) => {
    const message = (raw ?? {}) as Record<string, unknown>;
    if (typeof message.topic !== 'string' || message.topic === '' || Buffer.byteLength(message.topic) > 255 - 'realtime:'.length) {
      throw new PlinthError('realtime_invalid_broadcast', `messages[${i}].topic must be a name of at most 246 bytes.`);
    }
    if (typeof message.event !== 'string' || Buffer.byteLength(message.event) > 255) {
      throw new PlinthError('realtime_invalid_broadcast', `messages[${i}].event must be a string of at most 255 bytes.`);
    }
    if (message.private !== undefined && typeof message.private !== 'boolean') throw new PlinthError('realtime_invalid_broadcast', `messages[${i}].private must be a boolean.`);
    return { topic: message.topic, isPrivate: message.private === true, body: { event: message.event, json: JSON.stringify(message.payload ?? {}) } };
  });
}

export async function broadcastFromRest(service: RealtimeService, project: ProjectHandle, caller: Caller, messages: RestBroadcast[]): Promise<void> {
  const limit = service.quotas.maxMessageBytes(project.plan);
  for (const message of messages) {
    const size = message.body.binary?.length ?? Buffer.byteLength(message.body.json ?? '');
    if (limit !== null && size > limit) throw new PlinthError('realtime_message_too_large', REASONS.payloadTooLarge(limit));
  }
  if (service.isMessageQuotaReached(project.ref)) throw new PlinthError('realtime_quota_exceeded');
  const allowed = new Map<string, boolean>();
  for (const message of messages) {
    let reason: string | null = null;
    if (!message.isPrivate && !project.realtime.allowPublicChannels) reason = REASONS.privateOnly;
    if (message.isPrivate) {
      let isAllowed = allowed.get(message.topic);
      if (isAllowed === undefined) {
        isAllowed = await channelPolicies(project.db, message.topic, caller).then((policies) => policies.broadcastWrite, () => false);
        allowed.set(message.topic, isAllowed);
      }
      if (!isAllowed) reason = REASONS.unauthorizedWrite(message.topic);
    }
    if (reason) {
      writeRealtimeLog(service.logs, project.ref, 'rest', { kind: 'error', topic: `realtime:${message.topic}`, event: 'broadcast', reason });
      continue;
    }
    service.broadcast(scopeOf(project.ref, message.isPrivate, `realtime:${message.topic}`), message.body, null);
  }
}
