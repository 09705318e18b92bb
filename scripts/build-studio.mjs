// Builds the studio only when what it is built from changed since the last build: `npm start` used
// to spend ~18 s on a rebuild before the first page on every start. The fingerprint covers the
// studio's sources and configuration, the workspace packages it imports, and the installed
// dependency tree (package-lock.json); `--force` builds regardless.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const studio = path.join(root, 'apps/studio');
const dist = path.join(studio, 'dist');
// Kept outside dist, which the platform serves as it is.
const stamp = path.join(root, '.tmp/studio-build.fingerprint');
const SKIPPED = new Set(['dist', 'node_modules', 'e2e', 'test']);

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

function fingerprint() {
  const packages = readdirSync(path.join(root, 'packages')).flatMap((name) => filesUnder(path.join(root, 'packages', name)));
  const inputs = [...filesUnder(studio), ...packages, path.join(root, 'package-lock.json')].sort();
  const hash = createHash('sha256');
  for (const file of inputs) hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

const current = fingerprint();
const isBuilt = existsSync(path.join(dist, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === current;
if (isBuilt && !process.argv.includes('--force')) process.exit(0);

const { build } = await import('vite');
await build({ root: studio, configFile: path.join(studio, 'vite.config.ts'), logLevel: 'warn' });
mkdirSync(path.dirname(stamp), { recursive: true });
writeFileSync(stamp, current);
