/**
 * The supabase-js compatibility suites, unchanged, through two nodes behind a round-robin proxy
 * (issue 20). Their harnesses start a fleet under PLINTH_TEST_FLEET (support/fleet-platform.ts);
 * this file sets it and runs one or two suites of each service, chosen for what a fleet can break:
 * REST reads (schema and settings caches), storage through supabase-js and resumable uploads whose
 * chunks land on different nodes, realtime broadcast and presence between sockets on different
 * nodes, function management and invocation, and API keys created and deleted on one node while
 * checked on the other. Every suite file also runs this way on its own:
 * `PLINTH_TEST_FLEET=2 npx vitest run apps/platform/test/<area>/<suite>.test.ts`.
 */
import { describe, expect, it } from 'vitest';

// Before any harness module loads: the engine list and the harnesses read it once.
process.env.PLINTH_TEST_FLEET ??= '2';
const { fleetsStarted } = await import('../support/fleet-platform.ts');

await import('../rest/reads.test.ts');
await import('../auth/api-keys.test.ts');
await import('../storage/storage-api.test.ts');
await import('../storage/resumable-upload.test.ts');
await import('../realtime/broadcast.test.ts');
await import('../realtime/presence.test.ts');
await import('../functions/management.test.ts');

describe('the fleet under the suites above', () => {
  it('sent every suite\'s requests to both nodes, and realtime\'s websockets too', () => {
    expect(fleetsStarted.length).toBeGreaterThanOrEqual(7);
    for (const fleet of fleetsStarted) {
      expect(fleet.served[0], JSON.stringify(fleet.served)).toBeGreaterThan(0);
      expect(fleet.served[1], JSON.stringify(fleet.served)).toBeGreaterThan(0);
    }
    const sockets = fleetsStarted.flatMap((fleet) => fleet.upgrades.length > 0 ? [new Set(fleet.upgrades).size] : []);
    expect(sockets.length).toBeGreaterThan(0);
    expect(sockets.every((nodes) => nodes === 2)).toBe(true);
  });
});
