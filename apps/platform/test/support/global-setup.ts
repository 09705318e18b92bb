/** Vitest global set-up: the embedded test seed (see seed.ts), built once before any suite starts. */
import { buildSeed } from './seed.ts';

export default async function setup(): Promise<void> {
  await buildSeed();
}
