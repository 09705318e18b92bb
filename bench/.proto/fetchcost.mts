import { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
const LOAD_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, connections, ms, useHttp } = workerData;
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const get = (u) => new Promise((resolve, reject) => { http.get(u, { agent }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode)); }).on('error', reject); });
(async () => {
  const end = Date.now() + ms; let done = 0;
  await Promise.all(Array.from({ length: connections }, async () => { while (Date.now() < end) { if (useHttp) await get(url); else { const r = await fetch(url); await r.arrayBuffer(); } done++; } }));
  parentPort.postMessage(done);
})();`;
const app = Fastify();
app.get('/', async () => '[]');
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/`;
for (const useHttp of [false, true, false, true]) {
  const c0 = process.cpuUsage();
  const done: number = await new Promise((resolve) => { const w = new Worker(LOAD_SCRIPT, { eval: true, workerData: { url, connections: 20, ms: 2000, useHttp } }); w.once('message', (n) => { resolve(n); void w.terminate(); }); });
  const d = process.cpuUsage(c0);
  console.log(useHttp ? 'http.get' : 'fetch', (done / 2).toFixed(0), 'req/s', ((d.user + d.system) / done).toFixed(0), 'us cpu/req');
}
await app.close();
