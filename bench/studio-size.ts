// Studio first-load JavaScript, gzipped: the scripts index.html loads before anything is lazily
// imported. Budget: <= 350 KB. Run `npm run build:studio` first.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve('apps/studio/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]);
let raw = 0;
let gzipped = 0;
for (const file of new Set(files)) {
  const bytes = readFileSync(path.join(dist, file.replace(/^\//, '')));
  raw += bytes.length;
  gzipped += gzipSync(bytes, { level: 9 }).length;
}
console.log(`studio first-load JS: ${(gzipped / 1024).toFixed(1)} KB gzipped (${(raw / 1024).toFixed(1)} KB raw) in ${new Set(files).size} files`);
