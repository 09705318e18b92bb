import { describe, expect, it } from 'vitest';
import {
  COMPARISON_FEATURES,
  GB,
  KB,
  MB,
  PLAN_CATALOGUE,
  PLANS,
  limits,
  overagesOf,
  planEntry,
  roleAssignmentRefusal,
  rolesForPlan,
  tierIdOf,
  type PlanLimits,
} from '../src/index.ts';

describe('limits(plan)', () => {
  it('carries the catalogue figures in bytes, counts and seconds', () => {
    expect(limits('free')).toMatchObject({
      databaseSizeBytes: 500 * 1024 ** 2,
      uploadSizeBytes: 52_428_800,
      functionInvocations: 500_000,
      realtimeConnections: 200,
      realtimeMaxMessageBytes: 256_000,
      backupRetentionDays: 0,
      logRetentionDays: 1,
      auditRetentionSeconds: 3600,
      inactivityPauseAfterSeconds: 604_800,
      freeProjectLimit: 2,
      freeOrganizationLimit: 2,
    });
    expect(limits('pro')).toMatchObject({ uploadSizeBytes: 5_368_709_120, databaseSizeBytes: 8 * GB, auditRetentionSeconds: 7 * 86_400, inactivityPauseAfterSeconds: null, freeProjectLimit: null });
  });

  it('makes Team as Pro except backups, log and audit retention', () => {
    const differing = (Object.keys(limits('pro')) as (keyof PlanLimits)[]).filter((key) => limits('team')[key] !== limits('pro')[key]);
    expect(differing.sort()).toEqual(['auditRetentionSeconds', 'backupRetentionDays', 'logRetentionDays']);
    expect(limits('team')).toMatchObject({ backupRetentionDays: 14, logRetentionDays: 28, auditRetentionSeconds: 28 * 86_400 });
  });

  it('leaves Enterprise custom (null) except 90 days of logs', () => {
    const set = Object.entries(limits('enterprise')).filter(([, value]) => value !== null);
    expect(set).toEqual([['logRetentionDays', 90]]);
  });

  it('cannot be changed by a caller', () => {
    expect(() => {
      (limits('free') as PlanLimits).uploadSizeBytes = 1;
    }).toThrow(TypeError);
    expect(limits('free').uploadSizeBytes).toBe(50 * MB);
  });

  it('prices overage on Pro and Team only', () => {
    expect(overagesOf('pro').databaseSizeBytes).toEqual({ priceUsd: 0.125, perUnits: GB });
    expect(overagesOf('team')).toEqual(overagesOf('pro'));
    expect(overagesOf('free')).toEqual({});
    expect(overagesOf('enterprise')).toEqual({});
  });
});

describe('the comparison table', () => {
  const sizes: Record<string, keyof PlanLimits> = {
    Database: 'databaseSizeBytes',
    Storage: 'storageBytes',
    Bandwidth: 'bandwidthBytes',
    Uploads: 'uploadSizeBytes',
    'Edge script size': 'functionScriptSizeBytes',
    'Realtime max message': 'realtimeMaxMessageBytes',
  };
  const factor: Record<string, number> = { KB, MB, GB };

  it('shows the same sizes the services enforce', () => {
    for (const [title, key] of Object.entries(sizes)) {
      const feature = COMPARISON_FEATURES.find((f) => f.title === title);
      for (const plan of ['free', 'pro', 'team'] as const) {
        const [, amount, unit] = /^(\d+)(KB|MB|GB)/.exec(feature!.plans[tierIdOf(plan)]) ?? [];
        expect(Number(amount) * factor[unit], `${title} on ${plan}`).toBe(limits(plan)[key]);
      }
      expect(limits('enterprise')[key]).toBeNull();
    }
  });

  it('has a cell for every tier in every row', () => {
    for (const feature of COMPARISON_FEATURES) {
      expect(Object.keys(feature.plans).sort()).toEqual(['tier_enterprise', 'tier_free', 'tier_pro', 'tier_team']);
    }
  });
});

describe('the plan entries', () => {
  it('lists the four plans by tier id with their prices', () => {
    expect(PLAN_CATALOGUE.map((p) => [p.id, p.name, p.priceMonthly])).toEqual([
      ['tier_free', 'Free', 0],
      ['tier_pro', 'Pro', 25],
      ['tier_team', 'Team', 599],
      ['tier_enterprise', 'Enterprise', null],
    ]);
    expect(planEntry('pro').costUnit).toBe('per month per organisation');
    expect(planEntry('free').features).toContain('Audit trail: 1 hour');
    expect(planEntry('free').warning).toBe('Free projects are paused after 1 week of inactivity.');
    expect(PLANS.map((plan) => planEntry(plan).id)).toEqual(PLAN_CATALOGUE.map((p) => p.id));
  });
});

describe('roles per plan', () => {
  it('offers Owner and Developer on Free and Pro, every role on Team and Enterprise', () => {
    expect(rolesForPlan('free')).toEqual(['Owner', 'Developer']);
    expect(rolesForPlan('pro')).toEqual(['Owner', 'Developer']);
    expect(rolesForPlan('team')).toEqual(['Owner', 'Administrator', 'Developer', 'Read-only', 'Billing admin']);
    expect(rolesForPlan('enterprise')).toContain('Billing admin');
  });

  it('refuses roles the plan lacks and a second owner below Team', () => {
    expect(roleAssignmentRefusal('free', 'Administrator', 1)).toBe('role_not_available');
    expect(roleAssignmentRefusal('pro', 'Read-only', 1)).toBe('role_not_available');
    expect(roleAssignmentRefusal('free', 'Owner', 1)).toBe('additional_owner_not_available');
    expect(roleAssignmentRefusal('free', 'Owner', 0)).toBeNull();
    expect(roleAssignmentRefusal('free', 'Developer', 1)).toBeNull();
    expect(roleAssignmentRefusal('team', 'Owner', 3)).toBeNull();
    expect(roleAssignmentRefusal('enterprise', 'Administrator', 1)).toBeNull();
  });
});
