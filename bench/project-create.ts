// Project create -> ACTIVE_HEALTHY, on each engine. Budget: < 2 s embedded, < 1 s postgres.
import { signUp } from '../apps/platform/test/support/client.ts';
import { ENGINES, startPlatform } from '../apps/platform/test/support/platform.ts';

const RUNS = Number(process.env.RUNS ?? 5);

for (const engine of ENGINES) {
  const platform = await startPlatform({ engine });
  try {
    const { api } = await signUp(platform.url);
    const slug = (await api.post('/api/organizations', { name: 'Bench', plan: 'pro' })).body.slug;
    const timings: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const { body } = await api.post('/api/projects', { name: `bench ${i}`, organization_slug: slug, db_pass: 'bench-password' });
      for (;;) {
        const status = (await api.get(`/api/projects/${body.ref}/status`)).body.status;
        if (status === 'ACTIVE_HEALTHY') break;
        if (status !== 'COMING_UP') throw new Error(`project ${body.ref} went ${status}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    const median = timings[Math.floor(timings.length / 2)];
    console.log(`project create -> ACTIVE_HEALTHY (${engine}): median ${median.toFixed(0)} ms, min ${timings[0].toFixed(0)} ms, max ${timings.at(-1)!.toFixed(0)} ms over ${RUNS} projects`);
  } finally {
    await platform.stop();
  }
}
