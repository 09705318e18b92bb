import { expect } from 'vitest';
import { waitForStatus, type ApiClient } from '../../../platform/test/support/client.ts';
import { organizationBody } from '../../../platform/test/support/organizations.ts';

/** A new organisation (on `plan`, the API's default when omitted) with one project, once it is ACTIVE_HEALTHY. */
export async function createActiveProject(api: ApiClient, names: { organization: string; project: string }, plan?: string): Promise<{ ref: string; slug: string }> {
  const org = await api.post('/api/platform/organizations', plan ? organizationBody(names.organization, plan) : { name: names.organization });
  expect(org.status).toBeLessThan(300);
  const project = await api.post('/api/platform/projects', { name: names.project, organization_slug: org.body.slug, db_pass: 'a-long-db-password' });
  expect(project.status).toBeLessThan(300);
  await waitForStatus(api, project.body.ref, 'ACTIVE_HEALTHY');
  return { ref: project.body.ref, slug: org.body.slug };
}
