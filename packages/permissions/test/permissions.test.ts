import { describe, expect, it } from 'vitest';
import { Action, Feature, Resource, can, hasFeature } from '../src/index.ts';

describe('can()', () => {
  it('lets owners do everything, including deleting the organisation', () => {
    expect(can('Owner', Action.DELETE, Resource.ORGANIZATION)).toBe(true);
    expect(can('Owner', Action.UPDATE, Resource.MEMBERS, { targetRole: 'Owner', newRole: 'Developer' })).toBe(true);
  });

  it('keeps administrators from deleting the organisation and from touching owners', () => {
    expect(can('Administrator', Action.CREATE, Resource.PROJECTS)).toBe(true);
    expect(can('Administrator', Action.DELETE, Resource.ORGANIZATION)).toBe(false);
    expect(can('Administrator', Action.UPDATE, Resource.MEMBERS, { targetRole: 'Owner' })).toBe(false);
    expect(can('Administrator', Action.UPDATE, Resource.MEMBERS, { targetRole: 'Developer', newRole: 'Owner' })).toBe(false);
    expect(can('Administrator', Action.UPDATE, Resource.MEMBERS, { targetRole: 'Developer', newRole: 'Read-only' })).toBe(true);
  });

  it('lets developers write SQL and storage but not create projects or manage members', () => {
    expect(can('Developer', Action.TENANT_SQL_ADMIN_WRITE, Resource.POLICIES)).toBe(true);
    expect(can('Developer', Action.STORAGE_ADMIN_WRITE, Resource.STORAGE)).toBe(true);
    expect(can('Developer', Action.CREATE, Resource.PROJECTS)).toBe(false);
    expect(can('Developer', Action.CREATE, Resource.INVITATIONS)).toBe(false);
    expect(can('Developer', Action.INFRA_EXECUTE, Resource.INITIALIZE_OR_RESUME)).toBe(false);
  });

  it('gives read-only members reads only, and no service keys', () => {
    expect(can('Read-only', Action.TENANT_SQL_ADMIN_READ, Resource.TABLES)).toBe(true);
    expect(can('Read-only', Action.TENANT_SQL_ADMIN_WRITE, Resource.TABLES)).toBe(false);
    expect(can('Read-only', Action.READ, Resource.SERVICE_API_KEYS)).toBe(false);
    expect(can('Read-only', Action.UPDATE, Resource.PROJECTS)).toBe(false);
  });

  it('gives billing admins billing and nothing of the projects', () => {
    expect(can('Billing admin', Action.BILLING_WRITE, Resource.SUBSCRIPTIONS)).toBe(true);
    expect(can('Billing admin', Action.TENANT_SQL_ADMIN_READ, Resource.TABLES)).toBe(false);
    expect(hasFeature('Billing admin', Feature.BILLING_INVOICES)).toBe(true);
    expect(hasFeature('Billing admin', Feature.PROJECT_AUTH)).toBe(false);
    expect(hasFeature('Developer', Feature.BILLING_INVOICES)).toBe(false);
  });

  it('denies everything to a non-member', () => {
    expect(can(null, Action.READ, Resource.PROJECTS)).toBe(false);
    expect(hasFeature(undefined, Feature.REALTIME)).toBe(false);
  });
});
