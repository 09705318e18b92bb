// Plinth's command line: `npm run admin -- <command> ...`. It calls a running Plinth over HTTP with a
// personal access token, so it works against any node and needs no database access or build. Plans
// need an operator's token (PLINTH_OPERATORS); a project's database, its Owner's or Administrator's.
//
//   npm run admin -- set-plan <org-slug> <free|pro|team|enterprise>
//   npm run admin -- list-organizations
//   npm run admin -- export-database <ref> > project.sql
//   npm run admin -- import-database <ref> < project.sql
//   npm run admin -- deploy-functions <ref> <folder> [--no-verify-jwt]
//   npm run admin -- move-project <ref> --to <target-url> [--target-ref <ref>] [--verify-only]  (move-project/)
//
// PLINTH_URL (default http://localhost:8000), PLINTH_ACCESS_TOKEN (required),
// PLINTH_API_PREFIX (default /api/v1; /api/platform with a session token also works).
import { MoveError } from './move-project/api.mjs';
import { MOVE_USAGE, moveProject as runMove } from './move-project/index.mjs';

const USAGE = `Usage:
  npm run admin -- set-plan <org-slug> <free|pro|team|enterprise>
  npm run admin -- list-organizations
  npm run admin -- export-database <ref> > project.sql     (the project's database as SQL)
  npm run admin -- import-database <ref> < project.sql     (into a new, empty project: how a project moves between engines)
  npm run admin -- deploy-functions <ref> <folder> [--no-verify-jwt]
                                  (edge functions from a folder: one function's (it has index.ts) or a folder of
                                  them such as supabase/functions, each subfolder with an index.ts deployed by its name)
${MOVE_USAGE}

Environment: PLINTH_ACCESS_TOKEN (an access token, required: an operator's for plans, a project Owner's or
Administrator's for its database), PLINTH_URL (default http://localhost:8000)`;

const baseUrl = (process.env.PLINTH_URL ?? 'http://localhost:8000').replace(/\/+$/, '');
const prefix = process.env.PLINTH_API_PREFIX ?? '/api/v1';
const token = process.env.PLINTH_ACCESS_TOKEN;

function fail(message) {
  console.error(message);
  process.exit(1);
}

async function call(method, path, body, { sql = false, stream = false } = {}) {
  let response;
  try {
    response = await fetch(`${baseUrl}${prefix}${path}`, {
      method,
      // A FormData body sets its own multipart content type.
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined && !(body instanceof FormData) && { 'content-type': sql ? 'application/sql' : 'application/json' }) },
      body: body === undefined ? undefined : sql || body instanceof FormData ? body : JSON.stringify(body),
      // An SQL body may be a stream (an import read from stdin as it comes).
      ...(sql && { duplex: 'half' }),
    });
  } catch (error) {
    fail(`Could not reach Plinth at ${baseUrl}: ${error.cause?.message ?? error.message}. Is it running? Set PLINTH_URL otherwise.`);
  }
  if (stream && response.ok) return response;
  const text = await response.text();
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    // Plinth's errors carry a stable code and a message a person can act on.
    const reason = parsed?.message ? `${parsed.message} (${parsed.code})` : text || response.statusText;
    fail(`${method} ${prefix}${path} failed with ${response.status}: ${reason}`);
  }
  return parsed ?? text;
}

async function setPlan(slug, plan) {
  if (!slug || !plan) fail(USAGE);
  const organization = await call('PATCH', `/admin/organizations/${encodeURIComponent(slug)}`, { plan });
  console.log(`${organization.slug}: plan ${organization.previous_plan} -> ${organization.plan.id} (${organization.plan.name})`);
  for (const member of organization.members_over_free_project_limit) {
    console.log(
      `  warning: ${member.username} <${member.primary_email}> has ${member.active_free_projects} active free projects ` +
        `(limit ${member.free_project_limit}); new free projects are refused until they are under it`,
    );
  }
}

async function listOrganizations() {
  const organizations = await call('GET', '/admin/organizations');
  for (const org of organizations) {
    console.log(`${org.slug}\t${org.plan.id}\t${org.member_count} members\t${org.project_count} projects\t${org.name}`);
  }
}

async function exportDatabase(ref) {
  if (!ref) fail(USAGE);
  // Written as Plinth dumps it, never held; a dump that fails part way breaks the download, and this fails.
  const response = await call('GET', `/projects/${encodeURIComponent(ref)}/database/export`, undefined, { stream: true });
  const { Readable } = await import('node:stream');
  const { pipeline } = await import('node:stream/promises');
  await pipeline(Readable.fromWeb(response.body), process.stdout).catch((error) => fail(`The export broke off (${error.message}): the output is incomplete.`));
}

async function importDatabase(ref) {
  if (!ref) fail(USAGE);
  // Streamed as it is read: the server loads it statement by statement, never holding it whole.
  const result = await call('POST', `/projects/${encodeURIComponent(ref)}/database/import`, process.stdin, { sql: true });
  console.error(`${ref}: imported ${result.statements} statements`);
}

/** Every file of one function's folder, by path relative to it (dot-files and node_modules left out). */
async function functionFiles(folder) {
  const { readdir, readFile } = await import('node:fs/promises');
  const { join, relative } = await import('node:path');
  const files = [];
  const walk = async (dir) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) files.push({ path: relative(folder, full).split('\\').join('/'), content: await readFile(full) });
    }
  };
  await walk(folder);
  return files;
}

async function deployFunctions(ref, folder, flags) {
  if (!ref || !folder) fail(USAGE);
  const { existsSync, readdirSync } = await import('node:fs');
  const { basename, join, resolve } = await import('node:path');
  const root = resolve(folder);
  if (!existsSync(root)) fail(`No folder ${root}.`);
  const folders = existsSync(join(root, 'index.ts'))
    ? [root]
    : readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && existsSync(join(root, entry.name, 'index.ts'))).map((entry) => join(root, entry.name));
  if (folders.length === 0) fail(`${root} has no index.ts, and no subfolder with one.`);
  for (const dir of folders) {
    const slug = basename(dir);
    const files = await functionFiles(dir);
    const importMap = ['deno.json', 'deno.jsonc', 'import_map.json'].find((name) => files.some((file) => file.path === name));
    const form = new FormData();
    form.append('metadata', JSON.stringify({ entrypoint_path: 'index.ts', name: slug, verify_jwt: !flags.includes('--no-verify-jwt'), ...(importMap && { import_map_path: importMap }) }));
    for (const file of files) form.append('file', new Blob([file.content]), file.path);
    const deployed = await call('POST', `/projects/${encodeURIComponent(ref)}/functions/deploy?slug=${encodeURIComponent(slug)}`, form);
    console.log(`${deployed.slug}: version ${deployed.version} (${files.length} files) at ${baseUrl}/p/${ref}/functions/v1/${deployed.slug}`);
  }
}

async function moveProject(args) {
  try {
    process.exitCode = await runMove(args, { sourceUrl: baseUrl, sourceToken: token });
  } catch (error) {
    if (error instanceof MoveError) fail(error.message);
    throw error;
  }
}

const [command, ...args] = process.argv.slice(2);
if (!command || command === 'help' || command === '--help') {
  console.log(USAGE);
  process.exit(command ? 0 : 1);
}
if (!token) fail('PLINTH_ACCESS_TOKEN is not set: create an access token as an operator (PLINTH_OPERATORS) and export it.');
if (command === 'set-plan') await setPlan(args[0], args[1]);
else if (command === 'list-organizations') await listOrganizations();
else if (command === 'export-database') await exportDatabase(args[0]);
else if (command === 'import-database') await importDatabase(args[0]);
else if (command === 'deploy-functions') await deployFunctions(args[0], args[1], args.slice(2));
else if (command === 'move-project') await moveProject(args);
else fail(`Unknown command "${command}".\n\n${USAGE}`);
