/**
 * The Deno binary Plinth runs functions with: the npm package `deno` installs it as the optional
 * dependency `@deno/{os}-{arch}[-glibc]`. That package's file is used directly, so the runtime works
 * whether or not the `deno` package's postinstall script ran (npm may skip install scripts).
 * PLINTH_DENO_PATH overrides it. Also the settings every Deno process of Plinth shares (the deploy
 * check's and the workers'), so both resolve a function's imports the same way.
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

/** The operator's network settings Deno reads itself (never visible to Deno.env: --allow-env names the function's own). */
const PASSED_THROUGH = ['DENO_CERT', 'DENO_TLS_CA_STORE', 'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy'];

/**
 * Deno's own settings: its module cache, no update check or package.json discovery, plain output.
 * Certificates come from the system's store before Deno's bundled one, so a machine whose network
 * re-signs TLS (a corporate proxy with its own CA) still reaches the npm registry.
 */
export function denoEnvironment(denoDir: string): Record<string, string> {
  const environment: Record<string, string> = {
    DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1', DENO_NO_PACKAGE_JSON: '1', NO_COLOR: '1', DENO_TLS_CA_STORE: 'system,mozilla',
  };
  for (const name of PASSED_THROUGH) {
    const value = process.env[name];
    if (value) environment[name] = value;
  }
  return environment;
}

/**
 * How a function's imports resolve: its import map (`--import-map`), or its deno.json / deno.jsonc
 * (`--config`, whose "imports" then apply), else no configuration at all; never a lock file, and
 * npm packages from DENO_DIR (a deno.json asking for node_modules would have Deno write beside the
 * function's files).
 */
export function moduleFlags(directory: string, importMap: string | null): string[] {
  const flags = ['--no-lock', '--node-modules-dir=none'];
  if (importMap === null) return ['--no-config', ...flags];
  const file = path.join(directory, importMap);
  return /(^|\/)deno\.jsonc?$/.test(importMap) ? [`--config=${file}`, ...flags] : ['--no-config', `--import-map=${file}`, ...flags];
}
