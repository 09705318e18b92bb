/**
 * Reading an organisation's Git repositories (isomorphic-git, pure JavaScript): a local path is read
 * where it lies; an HTTP(S) URL is fetched into a bare cache under the data directory
 * (`{dataDir}/git-cache/{id}.git`), which any node can rebuild, one fetch at a time per repository.
 * Branches (control/branches/) and the SQL editor's downloads read `supabase/migrations/*.sql` and
 * `supabase/seed.sql` through here.
 */
import fs from 'node:fs';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PlinthError } from '@plinth/errors';
import git from 'isomorphic-git';
import http from 'isomorphic-git/http/node';
import type { ControlContext } from '../context.ts';
import { withRepositoryLock } from './lock.ts';

export interface SupabaseFolder {
  commit: string;
  migrations: { version: string; name: string; sql: string }[];
  seed: string | null;
}

/** The Supabase CLI's migration file name: `<version>_<name>.sql`, the version all digits. */
const MIGRATION_FILE = /^(\d+)_(.+)\.sql$/;
/** What one read may load, so a huge repository cannot exhaust the node's memory. */
const MAX_FOLDER_BYTES = 64 * 1024 * 1024;
/** A Git host that stops answering fails the call (and frees the repository's fetch lock) after this long. */
const REMOTE_TIMEOUT_MS = 120_000;

async function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the Git host did not answer the ${what} within ${REMOTE_TIMEOUT_MS / 1000} s`)), REMOTE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

interface RepositoryRow {
  id: string;
  url: string;
  token: string | null;
}

/** Where Git data is read: a local repository's git directory, or this node's cache of a remote one. */
interface Opened {
  gitdir: string;
  /** Where the repository's branches are: refs/heads/ locally, refs/remotes/origin/ in the cache. */
  branchPrefix: string;
}

export function isLocalRepositoryUrl(url: string): boolean {
  return url.startsWith('/') || url.startsWith('file://');
}

/** Git's rules for a branch name (check-ref-format), so a name can never leave the refs folder. */
export function isValidBranchName(name: string): boolean {
  if (name.length === 0 || name.length > 255 || name === '@') return false;
  if (name.startsWith('/') || name.endsWith('/') || name.endsWith('.') || name.endsWith('.lock') || name.startsWith('-')) return false;
  if (name.includes('..') || name.includes('//') || name.includes('@{')) return false;
  if (name.split('/').some((part) => part.startsWith('.'))) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  return !/[\x00-\x20\x7f~^:?*[\\]/.test(name);
}

/**
 * The folder that holds `supabase/` normalised: '' for the root; '.', leading and trailing slashes dropped.
 * Refuses '..' and absolute escapes.
 */
export function normaliseDirectory(directory: string): string {
  const parts = directory.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.some((p) => p === '..')) throw new PlinthError('validation_failed', 'The supabase directory must be a folder inside the repository.');
  return parts.join('/');
}

function localPath(url: string): string {
  return url.startsWith('file://') ? new URL(url).pathname : url;
}

/** HTTP Basic credentials for an access token: the URL's user name when it has one (x-access-token otherwise). */
function authFor(url: string, token: string | null): { onAuth?: () => { username: string; password: string }; url: string } {
  const parsed = new URL(url);
  const username = decodeURIComponent(parsed.username) || 'x-access-token';
  const password = token ?? (parsed.password ? decodeURIComponent(parsed.password) : null);
  parsed.username = '';
  parsed.password = '';
  return password === null ? { url: parsed.toString() } : { url: parsed.toString(), onAuth: () => ({ username, password }) };
}

/** The git directory of a local repository (working tree with .git, a .git file, or bare). */
async function localGitdir(url: string): Promise<string> {
  const dir = path.resolve(localPath(url));
  const dotGit = path.join(dir, '.git');
  const info = await stat(dotGit).catch(() => null);
  if (info?.isDirectory()) return dotGit;
  if (info?.isFile()) {
    const pointer = /^gitdir:\s*(.+)$/m.exec(await readFile(dotGit, 'utf8'))?.[1]?.trim();
    if (pointer) return path.resolve(dir, pointer);
  }
  return dir;
}

function unreadable(label: string, cause: unknown): PlinthError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new PlinthError('git_repository_unreadable', `The Git repository ${label} could not be read: ${reason}`);
}

/** A URL without its credentials, for messages. */
export function displayUrl(url: string): string {
  if (isLocalRepositoryUrl(url)) return url;
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}

/** Whether a URL is one the platform can read; the branch names it has (heads) and its default branch. */
export async function probeRepository(url: string, token: string | null): Promise<{ branches: string[]; defaultBranch: string | null }> {
  try {
    if (isLocalRepositoryUrl(url)) {
      const gitdir = await localGitdir(url);
      const branches = await git.listBranches({ fs, gitdir });
      if (branches.length === 0) {
        // listBranches answers [] for a folder that is no repository at all.
        await git.resolveRef({ fs, gitdir, ref: 'HEAD', depth: 1 });
      }
      const head = await git.resolveRef({ fs, gitdir, ref: 'HEAD', depth: 2 }).catch(() => null);
      return { branches, defaultBranch: head?.startsWith('refs/heads/') ? head.slice('refs/heads/'.length) : null };
    }
    const protocol = new URL(url).protocol;
    if (protocol !== 'https:' && protocol !== 'http:') throw new Error('only HTTPS (or HTTP) URLs and local paths are supported');
    const auth = authFor(url, token);
    const refs = await withTimeout(git.listServerRefs({ http, url: auth.url, onAuth: auth.onAuth, onAuthFailure: () => ({ cancel: true }), symrefs: true }), 'listing of its branches');
    const branches = refs.filter((r) => r.ref.startsWith('refs/heads/')).map((r) => r.ref.slice('refs/heads/'.length));
    const head = refs.find((r) => r.ref === 'HEAD')?.target;
    return { branches, defaultBranch: head?.startsWith('refs/heads/') ? head.slice('refs/heads/'.length) : null };
  } catch (error) {
    throw unreadable(displayUrl(url), error);
  }
}

async function loadRepository(ctx: ControlContext, repositoryId: string): Promise<RepositoryRow> {
  const { rows } = await ctx.db.query<{ id: string; url: string; token_enc: string | null }>(
    'select id::text as id, url, token_enc from git_repositories where id::text = $1',
    [repositoryId],
  );
  const row = rows[0];
  if (!row) throw new PlinthError('git_repository_not_found');
  return { id: row.id, url: row.url, token: row.token_enc ? ctx.secrets.decrypt(row.token_enc) : null };
}

/** Fetches in flight: a read that arrives during one waits for it rather than starting another. */
const inFlight = new Map<string, Promise<void>>();

/** Fetches every branch of a remote repository into this node's cache (created when missing). */
async function refreshCache(ctx: ControlContext, repo: RepositoryRow): Promise<string> {
  const gitdir = path.join(ctx.config.dataDir, 'git-cache', `${repo.id}.git`);
  const running = inFlight.get(repo.id);
  if (running) {
    await running.catch((error: unknown) => {
      throw unreadable(displayUrl(repo.url), error);
    });
    return gitdir;
  }
  const done = withRepositoryLock(gitdir, async () => {
    const auth = authFor(repo.url, repo.token);
    const fresh = !(await stat(path.join(gitdir, 'HEAD')).catch(() => null));
    if (fresh) {
      await rm(gitdir, { recursive: true, force: true });
      await mkdir(gitdir, { recursive: true });
      await git.init({ fs, gitdir, bare: true });
      // The URL without credentials: a token stays sealed in the platform database, never in the cache.
      await git.addRemote({ fs, gitdir, remote: 'origin', url: auth.url });
    }
    try {
      await withTimeout(
        git.fetch({
          fs, http, gitdir, url: auth.url, remote: 'origin', singleBranch: false, tags: false, prune: true,
          onAuth: auth.onAuth, onAuthFailure: () => ({ cancel: true }),
        }),
        'fetch',
      );
    } catch (error) {
      if (fresh) await rm(gitdir, { recursive: true, force: true });
      throw error;
    }
  });
  inFlight.set(repo.id, done);
  try {
    await done;
  } catch (error) {
    throw unreadable(displayUrl(repo.url), error);
  } finally {
    inFlight.delete(repo.id);
  }
  return gitdir;
}

async function open(ctx: ControlContext, repo: RepositoryRow): Promise<Opened> {
  if (isLocalRepositoryUrl(repo.url)) return { gitdir: await localGitdir(repo.url), branchPrefix: 'refs/heads/' };
  return { gitdir: await refreshCache(ctx, repo), branchPrefix: 'refs/remotes/origin/' };
}

async function resolveBranch(opened: Opened, repo: RepositoryRow, gitBranch: string): Promise<string | null> {
  if (!isValidBranchName(gitBranch)) return null;
  try {
    return await git.resolveRef({ fs, gitdir: opened.gitdir, ref: opened.branchPrefix + gitBranch });
  } catch (error) {
    if (error instanceof git.Errors.NotFoundError) {
      // A local path that is no repository at all is unreadable, not "branch missing".
      await git.resolveRef({ fs, gitdir: opened.gitdir, ref: 'HEAD', depth: 1 }).catch((cause: unknown) => {
        throw unreadable(displayUrl(repo.url), cause);
      });
      return null;
    }
    throw unreadable(displayUrl(repo.url), error);
  }
}

export async function branchExists(ctx: ControlContext, repositoryId: string, gitBranch: string): Promise<boolean> {
  return (await headCommit(ctx, repositoryId, gitBranch)) !== null;
}

/** The branch's latest commit, or null when the repository has no such branch. */
export async function headCommit(ctx: ControlContext, repositoryId: string, gitBranch: string): Promise<string | null> {
  const repo = await loadRepository(ctx, repositoryId);
  return resolveBranch(await open(ctx, repo), repo, gitBranch);
}

/** The repository's files for a branch: supabase/migrations/*.sql in version order and supabase/seed.sql, under `directory` ('' or 'apps/db' ...). */
export async function readSupabaseFolder(ctx: ControlContext, repositoryId: string, gitBranch: string, directory: string): Promise<SupabaseFolder> {
  const repo = await loadRepository(ctx, repositoryId);
  const opened = await open(ctx, repo);
  const commit = await resolveBranch(opened, repo, gitBranch);
  if (commit === null) throw new PlinthError('git_branch_not_found', `Unable to find branch ${gitBranch} in ${displayUrl(repo.url)}`);
  const base = [normaliseDirectory(directory), 'supabase'].filter(Boolean).join('/');
  const { gitdir } = opened;
  try {
    const entries = await git.readTree({ fs, gitdir, oid: commit, filepath: `${base}/migrations` }).then(
      (tree) => tree.tree,
      (error: unknown) => {
        if (error instanceof git.Errors.NotFoundError) return [];
        throw error;
      },
    );
    const files = entries
      .filter((e) => e.type === 'blob')
      .flatMap((e) => {
        const match = MIGRATION_FILE.exec(e.path);
        return match ? [{ version: match[1]!, name: match[2]!, oid: e.oid }] : [];
      })
      .sort((a, b) => compareVersions(a.version, b.version));
    let total = 0;
    const migrations: SupabaseFolder['migrations'] = [];
    for (const file of files) {
      const { blob } = await git.readBlob({ fs, gitdir, oid: file.oid });
      total += blob.byteLength;
      if (total > MAX_FOLDER_BYTES) throw new Error(`the migrations are larger than ${MAX_FOLDER_BYTES / 1024 / 1024} MB`);
      migrations.push({ version: file.version, name: file.name, sql: Buffer.from(blob).toString('utf8') });
    }
    const seed = await git.readBlob({ fs, gitdir, oid: commit, filepath: `${base}/seed.sql` }).then(
      ({ blob }) => Buffer.from(blob).toString('utf8'),
      (error: unknown) => {
        if (error instanceof git.Errors.NotFoundError) return null;
        throw error;
      },
    );
    return { commit, migrations, seed };
  } catch (error) {
    throw unreadable(displayUrl(repo.url), error);
  }
}

/** Versions are digit strings: a shorter one is smaller, equal lengths compare as text. */
function compareVersions(a: string, b: string): number {
  const x = a.replace(/^0+(?=\d)/, '');
  const y = b.replace(/^0+(?=\d)/, '');
  return x.length !== y.length ? x.length - y.length : x < y ? -1 : x > y ? 1 : 0;
}

/** Drops this node's cache of a repository (it was removed). */
export async function dropCache(ctx: ControlContext, repositoryId: string): Promise<void> {
  await rm(path.join(ctx.config.dataDir, 'git-cache', `${repositoryId}.git`), { recursive: true, force: true });
}
