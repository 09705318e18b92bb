// `npm run admin -- move-project <ref> --to <target-url> [--target-ref <ref>] [--target-org <slug>] [--verify-only]`
//
// Moves a whole project from one Plinth installation to another (an embedded or local data directory
// to a fleet on Postgres servers, typically) through their public APIs only, then checks that the
// target holds what the source does. Exits 0 when every check matched, 1 otherwise.
import { count, installation, MoveError } from './api.mjs';
import { moveDatabase, moveFunctions, moveObjects, moveSettings, prepareTarget } from './copy.mjs';
import { verifyMove } from './verify.mjs';

export const MOVE_USAGE = `  npm run admin -- move-project <ref> --to <target-url> [--target-ref <ref>] [--target-org <slug>] [--verify-only]
                                  (the whole project into another installation: database, files, functions, settings;
                                  then every table, object and function compared; PLINTH_TARGET_ACCESS_TOKEN for the target)`;

function parse(args) {
  const options = { ref: undefined, to: undefined, targetRef: undefined, targetOrg: undefined, verifyOnly: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--verify-only') options.verifyOnly = true;
    else if (arg === '--to') options.to = args[++i];
    else if (arg === '--target-ref') options.targetRef = args[++i];
    else if (arg === '--target-org') options.targetOrg = args[++i];
    else if (!arg.startsWith('--') && !options.ref) options.ref = arg;
    else throw new MoveError(`move-project: unexpected argument ${arg}.\n\nUsage:\n${MOVE_USAGE}`);
  }
  if (!options.ref || !options.to) throw new MoveError(`move-project needs the project's ref and --to <target-url>.\n\nUsage:\n${MOVE_USAGE}`);
  if (options.verifyOnly && !options.targetRef) throw new MoveError('--verify-only compares with an existing project: name it with --target-ref <ref>.');
  return options;
}

function printSummary(found, refs, log) {
  const { counts } = found;
  const checked = [count(counts.tables, 'table'), count(counts.sequences, 'sequence'), count(counts.objects, 'object'), count(counts.functions, 'function'), count(counts.secrets, 'secret')].join(', ');
  log('');
  if (found.mismatches.length === 0) log(`result: all matches (${checked} checked); the project is at ${refs.target} on the target`);
  else {
    log(`result: ${found.mismatches.length} MISMATCH(ES) (${checked} checked):`);
    for (const line of found.mismatches) log(`  - ${line}`);
  }
  if (found.todo.length > 0) {
    log('still to do by hand:');
    for (const line of found.todo) log(`  - ${line}`);
  }
}

/** Runs the command; resolves to its exit code. */
export async function moveProject(args, { sourceUrl, sourceToken, log = console.log, warn = (line) => console.log(`  warning: ${line}`) }) {
  const options = parse(args);
  const targetToken = process.env.PLINTH_TARGET_ACCESS_TOKEN;
  if (!targetToken) throw new MoveError('PLINTH_TARGET_ACCESS_TOKEN is not set: an access token of the target installation (an account that may create projects there).');
  const source = installation('source', sourceUrl, sourceToken);
  const target = installation('target', options.to, targetToken);
  let copied;
  let targetRef = options.targetRef;
  const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
  const started = Date.now();
  if (!options.verifyOnly) {
    log(`move-project: ${options.ref} on ${source.url} -> ${target.url}`);
    const prepared = await prepareTarget(source, target, options.ref, { targetRef, targetOrg: options.targetOrg, log });
    targetRef = prepared.ref;
    try {
      await moveDatabase(source, target, options.ref, targetRef, log);
      await moveSettings(source, target, options.ref, targetRef, { log, warn });
      copied = await moveObjects(source, target, options.ref, targetRef, log);
      await moveFunctions(source, target, options.ref, targetRef, log);
      log(`moved in ${seconds(started)}`);
    } catch (error) {
      // What was copied stays: the target is not deleted behind anyone's back, but it is named.
      if (error instanceof MoveError) error.message += `\nThe move stopped; the target project ${targetRef} holds what was copied so far: delete it and move again.`;
      throw error;
    }
  }
  const refs = { source: options.ref, target: targetRef };
  const verifying = Date.now();
  const found = await verifyMove(source, target, refs, { copied, log });
  log(`verified in ${seconds(verifying)}`);
  printSummary(found, refs, log);
  return found.mismatches.length === 0 ? 0 : 1;
}
