/**
 * The embedded engine's project templates. initdb in PGlite takes ~4-6 s, far over the 2 s
 * project-creation budget, so the first creation builds a bootstrapped template directory once
 * (`${dataDir}/templates/<hash>`) and every project starts as a copy of it. The copy (~40 MB, ~0.5 s)
 * is made ahead of time: one spare copy waits in `${dataDir}/spares`, a new project takes it with a
 * rename, and the next spare is copied in the background. The hash covers the PGlite version and the
 * bootstrap SQL, so a changed bootstrap or upgraded PGlite builds a fresh template instead of reusing
 * a stale one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { bootstrapProject, bootstrapScript, type BootstrapOptions } from '../bootstrap.ts';
import { LOCK_FILE_NAME } from '../lock-file.ts';
import { WorkerDatabase } from './worker-database.ts';

const TEMPLATE_READY_MARKER = '.plinth-template-ready';

function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@electric-sql/pglite');
  // entry is .../@electric-sql/pglite/dist/index.cjs
  return (require(join(dirname(dirname(entry)), 'package.json')) as { version: string }).version;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false);
}

export class ProjectTemplates {
  private template: Promise<string> | null = null;
  private spare: Promise<string | null> | null = null;

  constructor(
    private readonly dataDir: string,
    private readonly bootstrapOptions: BootstrapOptions,
  ) {}

  /** Builds (or finds) the bootstrapped template; memoised so concurrent creations build it once. */
  private templateDir(): Promise<string> {
    this.template ??= this.buildTemplate().catch((err) => {
      this.template = null;
      throw err;
    });
    return this.template;
  }

  private async buildTemplate(): Promise<string> {
    const script = bootstrapScript('embedded', this.bootstrapOptions);
    const hash = createHash('sha256').update(`${pgliteVersion()}\n${script}`).digest('hex').slice(0, 16);
    const finalDir = join(this.dataDir, 'templates', hash);
    if (await exists(join(finalDir, TEMPLATE_READY_MARKER))) return finalDir;
    // Built aside and renamed into place, so a crash never leaves a half template that looks ready.
    const buildDir = `${finalDir}.build-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      const db = await WorkerDatabase.open(buildDir);
      try {
        await bootstrapProject(db, 'embedded', this.bootstrapOptions);
      } finally {
        await db.close();
      }
      await writeFile(join(buildDir, TEMPLATE_READY_MARKER), new Date().toISOString());
      await rm(finalDir, { recursive: true, force: true });
      await rename(buildDir, finalDir);
    } catch (err) {
      await rm(buildDir, { recursive: true, force: true });
      if (await exists(join(finalDir, TEMPLATE_READY_MARKER))) return finalDir; // another builder won
      throw err;
    }
    return finalDir;
  }

  async prepare(): Promise<void> {
    await this.templateDir();
    // Spares left by an earlier run may come from another template; this process holds the lock.
    await rm(join(this.dataDir, 'spares'), { recursive: true, force: true });
    this.refillSpare();
    await this.spare;
  }

  /** A spare still being copied would write into a directory the caller may remove next. */
  async settled(): Promise<void> {
    await this.spare;
  }

  private copyTemplate(template: string, to: string): Promise<void> {
    return cp(template, to, {
      recursive: true,
      filter: (src) => !src.endsWith(LOCK_FILE_NAME) && !src.endsWith(TEMPLATE_READY_MARKER),
    });
  }

  private refillSpare(): void {
    this.spare = (async () => {
      const template = await this.templateDir();
      const dir = join(this.dataDir, 'spares', randomBytes(6).toString('hex'));
      await mkdir(dirname(dir), { recursive: true });
      await this.copyTemplate(template, dir);
      return dir;
    })().catch(() => null);
  }

  /** A project's database directory `dir` (its parent exists): the spare moved into place, or a fresh copy. */
  async placeDatabase(dir: string): Promise<void> {
    // Taken synchronously, so two creations at once never get the same spare.
    const pending = this.spare;
    this.refillSpare();
    const spare = pending ? await pending : null;
    if (spare) await rename(spare, dir);
    else await this.copyTemplate(await this.templateDir(), dir);
  }
}
