/**
 * What platform nodes cache of a project's row: the data plane's resolution of it (gateway), its
 * edge functions' row, the pooler's row. Dropped after the row changed (status, server, password,
 * organisation): this node's at once, every node's pooler through the cluster bus, other nodes'
 * other caches within their seconds-long lifetimes.
 */
import { functionServiceFor } from '../data-plane/functions/service.ts';
import { projectDirectoryFor } from '../data-plane/gateway/index.ts';
import { announcePoolerChange } from '../data-plane/pooler/projects.ts';
import type { ControlContext } from './context.ts';

export async function forgetProjectRow(ctx: ControlContext, ref: string): Promise<void> {
  projectDirectoryFor(ctx).invalidate(ref);
  functionServiceFor(ctx).invalidate(ref);
  await announcePoolerChange(ctx, ref);
}
