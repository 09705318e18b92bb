import type { ControlContext } from '../../control/context.ts';
import { ProjectDirectory } from './projects.ts';

export { ProjectDirectory, type ProjectHandle } from './projects.ts';
export { TokenVerifier, type Caller } from './tokens.ts';

const directories = new WeakMap<ControlContext, ProjectDirectory>();

/** The platform's one project directory, shared by every data-plane service. */
export function projectDirectoryFor(ctx: ControlContext): ProjectDirectory {
  let directory = directories.get(ctx);
  if (!directory) directories.set(ctx, (directory = new ProjectDirectory(ctx)));
  return directory;
}
