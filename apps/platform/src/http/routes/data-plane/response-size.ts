/**
 * The bytes of a data-plane response's body, for the edge and storage logs' bandwidth figures,
 * without buffering anything: the Content-Length the response carries (Fastify sets it for every
 * string or buffer body; storage sets it for downloads), else, for a stream sent without one (an
 * edge function's chunked answer), the bytes counted as they pass through.
 */
import { pipeline, Transform } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

const counted = new WeakMap<FastifyRequest, { bytes: number }>();

const isStream = (payload: unknown): payload is NodeJS.ReadableStream =>
  typeof payload === 'object' && payload !== null && typeof (payload as { pipe?: unknown }).pipe === 'function';

/** In onSend: a stream without a length is passed on through a counter; anything else as it is. */
export function countingPayload(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (!isStream(payload) || reply.hasHeader('content-length')) return payload;
  const counter = { bytes: 0 };
  counted.set(request, counter);
  const counting = new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      counter.bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      done(null, chunk);
    },
  });
  // A failing source destroys the counter with its error, which Fastify then sees as the payload's.
  pipeline(payload, counting, () => undefined);
  return counting;
}

/** In onResponse: the body bytes sent. HEAD, 204 and 304 carry no body whatever their headers say. */
export function responseBytes(request: FastifyRequest, reply: FastifyReply): number {
  const status = reply.statusCode;
  if (request.method === 'HEAD' || status === 204 || status === 304 || status < 200) return 0;
  const stream = counted.get(request);
  if (stream) return stream.bytes;
  const length = Number(reply.getHeader('content-length'));
  return Number.isFinite(length) && length >= 0 ? length : 0;
}
