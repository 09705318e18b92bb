/**
 * A project's SAML identity providers as members manage them (the SAML section of Settings >
 * Authentication, the Management API's `config/auth/sso/providers`): the same permission as the
 * rest of the auth configuration, then the project's own auth service acts as GoTrue's
 * /admin/sso/providers would.
 */
import type { SsoProvider, SsoProviderCreate, SsoProviderUpdate } from '@plinth/api-contract';
import { Action, Resource } from '@plinth/permissions';
import type { AuthService } from '../data-plane/auth/index.ts';
import { projectAuthFor } from '../data-plane/auth/project-auth.ts';
import { authorize } from './access.ts';
import { recordAudit } from './audit.ts';
import type { Actor, ControlContext } from './context.ts';
import { accessProject } from './project-rows.ts';

async function withProviders<T>(ctx: ControlContext, actor: Actor, ref: string, change: string | null, act: (auth: AuthService) => Promise<T>, target: (result: T) => string = () => ref): Promise<T> {
  const { role, organization } = await accessProject(ctx, actor, ref);
  authorize(role, change ? Action.UPDATE : Action.READ, Resource.AUTH_CONFIG);
  const result = await act(await projectAuthFor(ctx, ref));
  if (change) await recordAudit(ctx.db, actor, { action: change, organizationSlug: organization.slug, projectRef: ref, target: target(result) });
  return result;
}

export async function listSsoProviders(ctx: ControlContext, actor: Actor, ref: string): Promise<{ items: SsoProvider[] }> {
  return { items: await withProviders(ctx, actor, ref, null, (auth) => auth.admin.listSsoProviders()) };
}

export function getSsoProvider(ctx: ControlContext, actor: Actor, ref: string, id: string): Promise<SsoProvider> {
  return withProviders(ctx, actor, ref, null, (auth) => auth.admin.getSsoProvider(id));
}

export function createSsoProvider(ctx: ControlContext, actor: Actor, ref: string, body: SsoProviderCreate): Promise<SsoProvider> {
  return withProviders(ctx, actor, ref, 'project.sso_provider.create', (auth) => auth.admin.createSsoProvider(body), (provider) => provider.id);
}

export function updateSsoProvider(ctx: ControlContext, actor: Actor, ref: string, id: string, body: SsoProviderUpdate): Promise<SsoProvider> {
  return withProviders(ctx, actor, ref, 'project.sso_provider.update', (auth) => auth.admin.updateSsoProvider(id, body), () => id);
}

export function deleteSsoProvider(ctx: ControlContext, actor: Actor, ref: string, id: string): Promise<SsoProvider> {
  return withProviders(ctx, actor, ref, 'project.sso_provider.delete', (auth) => auth.admin.deleteSsoProvider(id), () => id);
}
