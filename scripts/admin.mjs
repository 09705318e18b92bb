// Plinth's command line: `npm run admin -- <command> ...`. It calls a running Plinth over HTTP with a
// personal access token, so it works against any node and needs no database access or build. Plans
// need an operator's token (PLINTH_OPERATORS); a project's database, its Owner's or Administrator's.
//
//   npm run admin -- set-plan <org-slug> <free|pro|team|enterprise>
//   npm run admin -- list-organizations
//   npm run admin -- export-database <ref> > project.sql
//   npm run admin -- import-database <ref> < project.sql
//
// PLINTH_URL (default http://localhost:8000), PLINTH_ACCESS_TOKEN (required),
// PLINTH_API_PREFIX (default /api/v1; /api/platform with a session token also works).
const USAGE = `Usage:
  npm run admin -- set-plan <org-slug> <free|pro|team|enterprise>
  npm run admin -- list-organizations
  npm run admin -- export-database <ref> > project.sql     (the project's database as SQL)
  npm run admin -- import-database <ref> < project.sql     (into a new, empty project: how a project moves between engines)

Environment: PLINTH_ACCESS_TOKEN (an access token, required: an operator's for plans, a project Owner's or
Administrator's for its database), PLINTH_URL (default http://localhost:8000)`;

const baseUrl = (process.env.PLINTH_URL ?? 'http://localhost:8000').replace(/\/+$/, '');
const prefix = process.env.PLINTH_API_PREFIX ?? '/api/v1';
const token = process.env.PLINTH_ACCESS_TOKEN;

function fail(message) {
  console.error(message);
  process.exit(1);
}

async function call(method, path, body, { sql = false } = {}) {
  let response;
  try {
    response = await fetch(`${baseUrl}${prefix}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': sql ? 'application/sql' : 'application/json' }) },
      body: body === undefined ? undefined : sql ? body : JSON.stringify(body),
    });
  } catch (error) {
    fail(`Could not reach Plinth at ${baseUrl}: ${error.cause?.message ?? error.message}. Is it running? Set PLINTH_URL otherwise.`);
  }
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
  process.stdout.write(await call('GET', `/projects/${encodeURIComponent(ref)}/database/export`));
}

async function importDatabase(ref) {
  if (!ref) fail(USAGE);
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const result = await call('POST', `/projects/${encodeURIComponent(ref)}/database/import`, Buffer.concat(chunks).toString('utf8'), { sql: true });
  console.error(`${ref}: imported ${result.statements} statements`);
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
else fail(`Unknown command "${command}".\n\n${USAGE}`);
