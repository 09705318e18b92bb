import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, endpoints, organizationCreateBody, projectCreateBody, supportTicketBody } from '../src/index.ts';

describe('api contract', () => {
  it('validates project creation input with clear messages', () => {
    expect(projectCreateBody.safeParse({ name: 'App', organization_slug: 'acme', db_pass: 'long-enough' }).success).toBe(true);
    const short = projectCreateBody.safeParse({ name: 'App', organization_slug: 'acme', db_pass: 'short' });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0].message).toBe('Database password must be at least 8 characters');
    expect(projectCreateBody.safeParse({ name: '   ', organization_slug: 'acme', db_pass: 'long-enough' }).success).toBe(false);
    expect(projectCreateBody.safeParse({ name: 'App', organization_slug: 'Acme Corp', db_pass: 'long-enough' }).success).toBe(false);
  });

  it('rejects organisation slugs that are not lowercase, digits and hyphens', () => {
    expect(organizationCreateBody.safeParse({ name: 'Acme', slug: 'acme-2' }).success).toBe(true);
    expect(organizationCreateBody.safeParse({ name: 'Acme', slug: "acme'; drop" }).success).toBe(false);
    expect(organizationCreateBody.safeParse({ name: 'Acme', plan: 'platinum' }).success).toBe(false);
  });

  it('accepts the support categories of the spec', () => {
    expect(supportTicketBody.safeParse({ category: 'Database_unresponsive', subject: 's', message: 'm' }).success).toBe(true);
    expect(supportTicketBody.safeParse({ category: 'Other', subject: 's', message: 'm' }).success).toBe(false);
  });

  it('generates an OpenAPI path for every endpoint', () => {
    const document = buildOpenApiDocument('http://localhost:8000') as { paths: Record<string, Record<string, { operationId: string }>> };
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(operations.sort()).toEqual(Object.keys(endpoints).sort());
  });
});
