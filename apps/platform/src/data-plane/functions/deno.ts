/**
 * The Deno binary Plinth runs functions with: the npm package `deno` installs it as the optional
 * dependency `@deno/{os}-{arch}[-glibc]`. That package's file is used directly, so the runtime works
 * whether or not the `deno` package's postinstall script ran (npm may skip install scripts).
 * PLINTH_DENO_PATH overrides it.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

function platformPackage(): string {
  const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
  if (process.platform === 'win32') return `@deno/win32-${arch}`;
  if (process.platform === 'darwin') return `@deno/darwin-${arch}`;
  return `@deno/linux-${arch}-glibc`;
}

let found: string | undefined;

export function denoBinary(): string {
  if (found) return found;
  const override = process.env.PLINTH_DENO_PATH;
  const candidates: string[] = override ? [override] : [];
  const binary = process.platform === 'win32' ? 'deno.exe' : 'deno';
  for (const name of [platformPackage(), 'deno']) {
    try {
      candidates.push(path.join(path.dirname(require.resolve(`${name}/package.json`)), binary));
    } catch {
      // Not installed for this platform: try the next.
    }
  }
  const binaryPath = candidates.find((candidate) => existsSync(candidate));
  if (!binaryPath) throw new Error(`No Deno binary found (looked in ${candidates.join(', ') || platformPackage()}): run npm install, or set PLINTH_DENO_PATH.`);
  found = binaryPath;
  return binaryPath;
}
