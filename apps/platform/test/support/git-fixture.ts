/**
 * Git repositories the tests create: a working repository on branch `main` (isomorphic-git, real
 * files and commits), more commits and branches, and a smart-HTTP server over it (the system `git
 * http-backend` CGI, test-only) so the platform's HTTPS path (fetch into its cache, tokens) is real.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import git from 'isomorphic-git';

const author = { name: 'Plinth Test', email: 'test@plinth.local' };

export interface GitFixtureOptions {
  /** The first branch's name; default 'main'. */
  branch?: string;
  message?: string;
}

/** A new repository in `dir` (created) whose first commit on `main` holds `files` (path -> content). Returns the commit. */
export async function createGitFixture(dir: string, files: Record<string, string>, opts: GitFixtureOptions = {}): Promise<string> {
  const branch = opts.branch ?? 'main';
  await mkdir(dir, { recursive: true });
  await git.init({ fs, dir, defaultBranch: branch });
  return writeAndCommit(dir, files, opts.message ?? 'Initial commit');
}

/** Commits `files` on `branch` (which must exist) and returns the new commit; the working tree is left on `branch`. */
export async function commitFiles(dir: string, branch: string, files: Record<string, string>, message: string): Promise<string> {
  await git.checkout({ fs, dir, ref: branch, force: true });
  return writeAndCommit(dir, files, message);
}

/** A new branch `name` at `from` (a branch; default 'main'). Returns its commit. */
export async function createBranch(dir: string, name: string, from = 'main'): Promise<string> {
  const oid = await git.resolveRef({ fs, dir, ref: from });
  await git.branch({ fs, dir, ref: name, object: oid });
  return oid;
}

async function writeAndCommit(dir: string, files: Record<string, string>, message: string): Promise<string> {
  for (const [file, content] of Object.entries(files)) {
    const full = path.join(dir, file);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, content);
    await git.add({ fs, dir, filepath: file });
  }
  return git.commit({ fs, dir, message, author });
}

export interface GitHttpServer {
  /** The repository's clone URL, http://127.0.0.1:PORT/<parent folder>/<folder>.git (owner/repo, as Git hosts have it). */
  url: string;
  /** How many requests the server answered (to see fetches happen or not). */
  requests(): number;
  close(): Promise<void>;
}

/**
 * Serves the repository in `dir` over Git's smart HTTP protocol at `/<parent folder>/<folder>.git`. With `token`,
 * every request needs HTTP Basic auth whose password is the token (as Git hosts take access tokens).
 */
export async function serveGitOverHttp(dir: string, opts: { token?: string } = {}): Promise<GitHttpServer> {
  const root = path.dirname(path.resolve(dir));
  const name = path.basename(dir);
  const owner = path.basename(root);
  let count = 0;
  const server = http.createServer((req, res) => {
    count += 1;
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (opts.token !== undefined) {
      const header = req.headers.authorization ?? '';
      const password = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString().split(':').slice(1).join(':') : null;
      if (password !== opts.token) {
        res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"' }).end('Unauthorized');
        return;
      }
    }
    // /<owner>/<name>.git/... -> the working repository <root>/<name> (http-backend finds its .git).
    const prefix = `/${owner}/${name}.git`;
    if (!url.pathname.startsWith(prefix)) {
      res.writeHead(404).end();
      return;
    }
    const cgi = spawn('git', ['http-backend'], {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: `/${name}${url.pathname.slice(prefix.length)}`,
        REQUEST_METHOD: req.method ?? 'GET',
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        REMOTE_ADDR: '127.0.0.1',
        ...(req.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: String(req.headers['content-encoding']) } : {}),
        ...(req.headers['git-protocol'] ? { GIT_PROTOCOL: String(req.headers['git-protocol']) } : {}),
      },
    });
    req.pipe(cgi.stdin);
    let head = Buffer.alloc(0);
    let headersDone = false;
    cgi.stdout.on('data', (chunk: Buffer) => {
      if (headersDone) {
        res.write(chunk);
        return;
      }
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      headersDone = true;
      let status = 200;
      for (const line of head.subarray(0, end).toString().split('\r\n')) {
        const colon = line.indexOf(':');
        if (colon < 0) continue;
        const key = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (key.toLowerCase() === 'status') status = Number.parseInt(value, 10);
        else res.setHeader(key, value);
      }
      res.writeHead(status);
      res.write(head.subarray(end + 4));
    });
    cgi.on('close', () => {
      if (!headersDone) res.writeHead(500);
      res.end();
    });
    cgi.on('error', () => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${owner}/${name}.git`,
    requests: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
