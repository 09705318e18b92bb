import { describe, expect, it } from 'vitest';
import type { Project, ProjectStatus } from '@plinth/api-contract';
import { chooseMainArea } from '../src/features/lifecycle/main-area.ts';
import { menuSectionOf, projectMenu } from '../src/components/layouts/project-menus.ts';
import { Feature } from '@plinth/permissions';

function project(status: ProjectStatus, postgrestStatus: 'ONLINE' | 'OFFLINE' = 'ONLINE'): Project {
  return {
    id: 1,
    ref: 'abcdefghijabcdefghij',
    name: 'p',
    status,
    organization_id: 1,
    organization_slug: 'org',
    cloud_provider: 'local',
    region: 'local',
    engine: 'local',
    postgres_version: '18.4',
    inserted_at: '2026-01-01T00:00:00Z',
    restUrl: '',
    kpsVersion: 'kps-v3.9.0',
    is_branch_enabled: false,
    parent_project_ref: null,
    postgrestStatus,
    db_host: 'localhost',
  };
}

describe('chooseMainArea (spec document 1, §4 "Main area choice")', () => {
  it('shows a loader until the project is known', () => {
    expect(chooseMainArea(undefined, '')).toBe('loading');
  });

  it('shows upgrading and pausing screens on every page', () => {
    expect(chooseMainArea(project('UPGRADING'), '/settings/general')).toBe('upgrading');
    expect(chooseMainArea(project('GOING_DOWN'), '/settings/general')).toBe('pausing');
    expect(chooseMainArea(project('PAUSING'), '')).toBe('pausing');
  });

  it('shows the offline notice except on reports and settings general, database and infrastructure', () => {
    expect(chooseMainArea(project('ACTIVE_HEALTHY', 'OFFLINE'), '/editor')).toBe('connecting');
    expect(chooseMainArea(project('ACTIVE_HEALTHY', 'OFFLINE'), '/reports/database')).toBe('content');
    expect(chooseMainArea(project('ACTIVE_HEALTHY', 'OFFLINE'), '/settings/general')).toBe('content');
    expect(chooseMainArea(project('ACTIVE_HEALTHY', 'OFFLINE'), '/settings/api')).toBe('connecting');
  });

  it('shows the restore screen while restoring', () => {
    expect(chooseMainArea(project('RESTORING'), '/settings/general')).toBe('restoring');
    expect(chooseMainArea(project('RESTORATION_FAILED'), '')).toBe('restoring');
  });

  it('shows the building screen except on settings (not vault), branches and scheduled backups', () => {
    expect(chooseMainArea(project('COMING_UP'), '')).toBe('building');
    expect(chooseMainArea(project('UNKNOWN'), '/editor')).toBe('building');
    expect(chooseMainArea(project('COMING_UP'), '/settings/general')).toBe('content');
    expect(chooseMainArea(project('COMING_UP'), '/settings/vault/secrets')).toBe('building');
    expect(chooseMainArea(project('COMING_UP'), '/branches')).toBe('content');
    expect(chooseMainArea(project('COMING_UP'), '/database/backups/scheduled')).toBe('content');
  });

  it('shows the paused screen except on home and settings pages', () => {
    expect(chooseMainArea(project('INACTIVE'), '/editor')).toBe('paused');
    expect(chooseMainArea(project('INACTIVE'), '')).toBe('content');
    expect(chooseMainArea(project('INACTIVE'), '/settings/infrastructure')).toBe('content');
  });

  it('shows the page for a healthy project', () => {
    expect(chooseMainArea(project('ACTIVE_HEALTHY'), '/editor')).toBe('content');
  });
});

describe('project menus', () => {
  const all = Object.fromEntries(Object.values(Feature).map((f) => [f, true])) as Record<Feature, boolean>;
  const none = Object.fromEntries(Object.values(Feature).map((f) => [f, false])) as Record<Feature, boolean>;
  const ctx = { ref: 'abcdefghijabcdefghij', slug: 'org', hasNetworkExtension: false, hasWrappersExtension: false, isSavedLogsEnabled: false };
  const labels = (section: Parameters<typeof projectMenu>[0], features: Record<Feature, boolean>) =>
    projectMenu(section, { ...ctx, features }).groups.flatMap((g) => g.items.map((i) => i.label));

  it('finds the section from the path', () => {
    expect(menuSectionOf('/settings/general')).toBe('settings');
    expect(menuSectionOf('/editor')).toBeNull();
  });

  it('shows hosted-only entries (Plinth is the hosted product for its operator) and hides extension-gated ones', () => {
    expect(labels('settings', all)).toContain('Integrations');
    expect(labels('auth', all)).toEqual(['Users', 'Mail Inbox', 'Policies', 'Providers', 'Rate Limits', 'Email Templates', 'URL Configuration']);
    expect(labels('database', all)).toContain('Backups');
    expect(labels('logs', all)).toContain('Pooler');
    expect(labels('logs', all)).toContain('API Edge Network');
    expect(labels('database', all)).not.toContain('Webhooks');
    // Plinth's Wrappers page (postgres_fdw) is listed whether or not Supabase's wrappers extension is there.
    expect(labels('database', all)).toContain('Wrappers');
  });

  it('gates entries by permission features', () => {
    expect(labels('settings', all)).toEqual(expect.arrayContaining(['Authentication', 'Storage', 'Edge Functions']));
    expect(labels('settings', none)).not.toEqual(expect.arrayContaining(['Authentication']));
    expect(labels('logs', none)).not.toContain('Realtime');
  });
});
