/**
 * The rules behind the resource-warning banner and upgrade eligibility, as pure functions: the disk
 * thresholds (80 % warning, 95 % critical, nothing on an unlimited plan) and eligibility on an
 * engine whose projects cannot change major (no postgresMajors), which the local-engine
 * integration test (test/integration/infrastructure.test.ts) cannot reach.
 */
import { describe, expect, it } from 'vitest';
import type { ControlContext } from '../../src/control/context.ts';
import { upgradeEligibility } from '../../src/control/infrastructure.ts';
import { diskLevel } from '../../src/control/resource-warnings.ts';

describe('disk levels', () => {
  it('warns from 80 %, is critical from 95 %, and says nothing without a quota', () => {
    expect(diskLevel(79, 100)).toBeNull();
    expect(diskLevel(80, 100)).toBe('warning');
    expect(diskLevel(94.9, 100)).toBe('warning');
    expect(diskLevel(95, 100)).toBe('critical');
    expect(diskLevel(120, 100)).toBe('critical');
    expect(diskLevel(10 ** 12, null)).toBeNull();
  });
});

describe('upgrade eligibility', () => {
  const engine = (name: string, majors?: { major: number; version: string }[], asked = false) =>
    ({ engine: { name, ...(majors && { postgresMajors: () => (asked ? Promise.resolve(majors) : majors) }) } }) as unknown as ControlContext;

  it('is not eligible, with the reason, where the engine cannot change a project major', async () => {
    const answer = await upgradeEligibility(engine('embedded'), { status: 'ACTIVE_HEALTHY', postgres_version: '17.5' });
    expect(answer).toMatchObject({
      eligible: false,
      current_app_version: 'plinth-postgres-17.5',
      latest_app_version: 'plinth-postgres-17.5',
      target_upgrade_versions: [],
      requires_manual_intervention: 'Upgrading between PostgreSQL majors is not available on the embedded engine yet.',
    });
  });

  it('offers only newer majors, newest first, and none to a project on the newest', async () => {
    const ctx = engine('local', [{ major: 18, version: '18.4' }, { major: 17, version: '17.10' }, { major: 16, version: '16.9' }]);
    expect((await upgradeEligibility(ctx, { status: 'ACTIVE_HEALTHY', postgres_version: '16.9' })).target_upgrade_versions.map((t) => t.postgres_version)).toEqual(['18', '17']);
    expect(await upgradeEligibility(ctx, { status: 'ACTIVE_HEALTHY', postgres_version: '18.4' })).toMatchObject({ eligible: false, requires_manual_intervention: null, target_upgrade_versions: [] });
    expect(await upgradeEligibility(ctx, { status: 'INACTIVE', postgres_version: '17.10' })).toMatchObject({ eligible: false, requires_manual_intervention: 'The project must be running to be upgraded.' });
  });

  it('on the postgres engine, offers the newer majors of the fleet, and says when it has none', async () => {
    const ctx = engine('postgres', [{ major: 18, version: '18.1' }, { major: 15, version: '15.14' }], true);
    expect(await upgradeEligibility(ctx, { status: 'ACTIVE_HEALTHY', postgres_version: '15.14' })).toMatchObject({
      eligible: true,
      latest_app_version: 'plinth-postgres-18.1',
      target_upgrade_versions: [{ postgres_version: '18', release_channel: 'ga', app_version: 'plinth-postgres-18.1' }],
      requires_manual_intervention: null,
    });
    expect(await upgradeEligibility(ctx, { status: 'ACTIVE_HEALTHY', postgres_version: '18.1' })).toMatchObject({
      eligible: false,
      target_upgrade_versions: [],
      requires_manual_intervention: "No server of a newer PostgreSQL major is in this installation's fleet (PLINTH_PROJECT_SERVERS).",
    });
  });
});
