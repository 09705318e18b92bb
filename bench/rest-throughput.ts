// /p/{ref}/rest/v1 against a bare Fastify handler running the same SQL on the same engine Database.
// Budget: >= 85 % of the bare handler's requests/s on every engine, for a primary-key read and a 100-row page.
// How the load is made and paired: bench/support/rest-vs-bare.ts.
import { ENGINES, startPlatform } from '../apps/platform/test/support/platform.ts';
import { benchProject, measurePaired, setUpRestVsBare, type RestVsBare } from './support/rest-vs-bare.ts';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
/** Per case and side; split into short rounds that alternate which side goes first. */
const SECONDS = Number(process.env.SECONDS ?? 6);
const ROUNDS = Number(process.env.ROUNDS ?? 8);

for (const engine of ENGINES) {
  const platform = await startPlatform({ engine });
  let bench: RestVsBare | undefined;
  try {
    const { api, ref } = await benchProject(platform);
    bench = await setUpRestVsBare(platform, api, ref);
    for (const c of bench.cases) {
      const { rest, bare: base, ratios, median } = await measurePaired(c, bench.headers, { connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS });
      console.log(`rest ${c.name} (${engine}): ${rest.toFixed(0)} req/s vs bare ${base.toFixed(0)} req/s = ${(median * 100).toFixed(0)} % (median of ${ROUNDS} paired rounds; range ${(ratios[0] * 100).toFixed(0)}-${(ratios[ratios.length - 1] * 100).toFixed(0)} %)`);
    }
  } finally {
    await bench?.close();
    await platform.stop();
  }
}
