/**
 * /p/:ref/realtime/v1: the websocket realtime-js connects to (`/websocket?apikey=...&vsn=...`) and
 * the REST broadcasts (`/api/broadcast`). A websocket upgrade runs through Fastify's hooks before
 * it is accepted, so a bad protocol version, an unknown or paused project or an invalid apikey is
 * refused with an HTTP error instead of an open socket.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PlinthError } from '@plinth/errors';
import { PostgrestError } from '@plinth/postgrest';
import type { WebSocket } from 'ws';
import type { ControlContext } from '../../../control/context.ts';
import { projectDirectoryFor, type ProjectHandle } from '../../../data-plane/gateway/index.ts';
import { writeRealtimeLog } from '../../../data-plane/logs/realtime-logs.ts';
import { broadcastFromRest, parseBroadcastBatch, realtimeServiceFor, RealtimeSocket, VSNS, type Vsn } from '../../../data-plane/realtime/index.ts';
import { requestRoles } from './request-info.ts';

/** Above every plan's largest message (Pro: 3 MB), so the plan's own limit answers with a reason. */
const MAX_FRAME_BYTES = 4 * 1024 * 1024;

interface Admitted {
  project: ProjectHandle;
  vsn: Vsn;
  apikey: string;
  role: string;
  isOverConnectionLimit: boolean;
}

function refuse(reply: FastifyReply, ctx: ControlContext, request: FastifyRequest, error: PlinthError): FastifyReply {
  const { ref } = request.params as { ref: string };
  if (/^[a-z]{20}$/.test(ref)) {
    writeRealtimeLog(ctx.logs, ref, 'upgrade', { kind: 'refused', status: error.status, code: error.code, message: error.message, remoteAddress: request.ip });
  }
  return reply.status(error.status).send(error.toBody());
}

function sendError(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof PostgrestError) return reply.status(error.status).headers(error.headers).send({ code: error.code, message: error.message });
  if (error instanceof PlinthError) return reply.status(error.status).send(error.toBody());
  throw error;
}

export async function realtimeRoutes(app: FastifyInstance, ctx: ControlContext): Promise<void> {
  const directory = projectDirectoryFor(ctx);
  const service = realtimeServiceFor(ctx);
  const admitted = new WeakMap<FastifyRequest, Admitted>();
  await app.register(websocket, {
    options: { maxPayload: MAX_FRAME_BYTES },
    // ws has already closed the socket for a protocol error (1002, 1009): a client's fault, not ours.
    errorHandler: (error, socket, request) => {
      if (!String((error as { code?: unknown }).code ?? '').startsWith('WS_ERR_')) request.log.warn({ err: error }, 'realtime socket error');
      socket.terminate();
    },
  });
  app.addHook('onClose', async () => service.close());
  // Every upgrade request now reaches Fastify's router, also those to routes that answer HTTP (and
  // leave the socket open after their answer). ws clears the time-out of the sockets it takes over.
  app.server.prependListener('upgrade', (_request, socket: { setTimeout(ms: number, onTimeout: () => void): void; destroy(): void }) => {
    socket.setTimeout(10_000, () => socket.destroy());
  });
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: MAX_FRAME_BYTES }, (_request, body, done) => done(null, body));

  const admit = async (request: FastifyRequest, reply: FastifyReply) => {
    const { ref } = request.params as { ref: string };
    const query = request.query as { vsn?: unknown; apikey?: unknown };
    const vsn = query.vsn ?? '1.0.0';
    if (!VSNS.includes(vsn as Vsn)) return refuse(reply, ctx, request, new PlinthError('realtime_unsupported_version'));
    let project: ProjectHandle;
    try {
      project = directory.cached(ref) ?? (await directory.resolve(ref));
    } catch (error) {
      return refuse(reply, ctx, request, error instanceof PlinthError ? error : new PlinthError('project_unavailable'));
    }
    const header = request.headers.apikey;
    const apikey = typeof query.apikey === 'string' && query.apikey !== '' ? query.apikey : typeof header === 'string' ? header : '';
    let role: string;
    try {
      const claims = await project.tokens.verify(apikey);
      role = typeof claims.role === 'string' ? claims.role : 'anon';
    } catch {
      return refuse(reply, ctx, request, new PlinthError('realtime_invalid_api_key'));
    }
    requestRoles.set(request, role);
    await service.quotas.prepare(ref);
    admitted.set(request, { project, vsn: vsn as Vsn, apikey, role, isOverConnectionLimit: await service.isOverConnectionLimit(ref, project.plan) });
  };

  app.get('/websocket', { websocket: true, preHandler: admit }, (socket: WebSocket, request: FastifyRequest) => {
    const entry = admitted.get(request);
    if (!entry) return socket.close(1011, 'not admitted');
    const realtimeSocket = new RealtimeSocket(socket, service, {
      ref: entry.project.ref, vsn: entry.vsn, apikey: entry.apikey, role: entry.role, remoteAddress: request.ip, isOverConnectionLimit: entry.isOverConnectionLimit,
    });
    service.socketOpened(realtimeSocket, entry.project);
  });

  const caller = async (request: FastifyRequest) => {
    const { ref } = request.params as { ref: string };
    const project = directory.cached(ref) ?? (await directory.resolve(ref));
    if (!request.headers.apikey && !request.headers.authorization) throw new PlinthError('realtime_invalid_api_key');
    const who = project.tokens.cachedCaller(request.headers) ?? (await project.tokens.caller(request.headers));
    requestRoles.set(request, who.role);
    await service.quotas.prepare(ref);
    return { project, who };
  };

  app.post('/api/broadcast', { bodyLimit: MAX_FRAME_BYTES }, async (request, reply) => {
    try {
      const { project, who } = await caller(request);
      await broadcastFromRest(service, project, who, parseBroadcastBatch(request.body));
      return reply.status(202).send();
    } catch (error) {
      return sendError(reply, error);
    }
  });

  // realtime-js httpSend(): the body is the payload itself.
  app.post('/api/broadcast/:topic/events/:event', { bodyLimit: MAX_FRAME_BYTES }, async (request, reply) => {
    try {
      const { project, who } = await caller(request);
      const { topic, event } = request.params as { topic: string; event: string };
      const isPrivate = (request.query as { private?: string }).private === 'true';
      const body = Buffer.isBuffer(request.body) ? { event, binary: request.body } : { event, json: JSON.stringify(request.body ?? {}) };
      const [message] = parseBroadcastBatch({ messages: [{ topic, event, private: isPrivate }] });
      await broadcastFromRest(service, project, who, [{ ...message, body }]);
      return reply.status(202).send();
    } catch (error) {
      return sendError(reply, error);
    }
  });
}
