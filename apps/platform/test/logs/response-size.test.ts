/**
 * The response sizes the edge and storage logs record, over real HTTP: a declared Content-Length, a
 * chunked stream counted as it passes, and no bytes for HEAD or 304.
 */
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingPayload, responseBytes } from '../../src/http/routes/data-plane/response-size.ts';

describe('response sizes for the logs', () => {
  let app: FastifyInstance;
  let url: string;
  const seen: { path: string; bytes: number }[] = [];

  beforeAll(async () => {
    app = Fastify();
    app.addHook('onSend', (request, reply, payload, done) => done(null, countingPayload(request, reply, payload)));
    app.addHook('onResponse', (request, reply, done) => {
      seen.push({ path: request.url, bytes: responseBytes(request, reply) });
      done();
    });
    app.get('/json', async () => ({ hello: 'world' }));
    // Three chunks, no length: sent chunked, counted on the way.
    app.get('/stream', async (_request, reply) => reply.send(Readable.from([Buffer.alloc(1000, 1), 'héllo', Buffer.alloc(24, 2)])));
    app.get('/not-modified', async (_request, reply) => reply.status(304).send());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => app?.close());

  async function bytesOf(path: string, method = 'GET'): Promise<{ received: number; logged: number; chunked: boolean }> {
    const response = await fetch(`${url}${path}`, { method });
    const received = (await response.arrayBuffer()).byteLength;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { received, logged: seen.filter((entry) => entry.path === path).at(-1)!.bytes, chunked: response.headers.get('transfer-encoding') === 'chunked' };
  }

  it('records the body bytes each response sent', async () => {
    expect(await bytesOf('/json')).toEqual({ received: 17, logged: 17, chunked: false });
    expect(await bytesOf('/stream')).toEqual({ received: 1030, logged: 1030, chunked: true });
    expect(await bytesOf('/not-modified')).toEqual({ received: 0, logged: 0, chunked: false });
    expect((await bytesOf('/json', 'HEAD')).logged).toBe(0);
  });
});
