// Runs vitest, then prints the totals as one plain line ("Tests: N passed, N failed, N skipped")
// from vitest's JSON report, so any CI reader can tell how many tests ran — also when vitest failed.
// Arguments are passed to `vitest run` (a file filter, --project ...).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const reportPath = new URL('../.tmp/vitest-report.json', import.meta.url);
rmSync(reportPath, { force: true }); // a report left by an earlier run must not be read as this one's

const vitest = spawnSync('vitest', ['run', ...process.argv.slice(2)], { stdio: 'inherit' });
const vitestCode = vitest.status ?? 1;

if (!existsSync(reportPath)) {
  console.log(`Tests: 0 passed, 0 failed (vitest wrote no report; it exited with ${vitest.error?.message ?? `code ${vitestCode}`})`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(reportPath, 'utf8'));
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`Tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
if (vitestCode !== 0 && report.numFailedTests === 0) {
  console.log(`vitest exited with code ${vitestCode}: an error outside the tests (see above).`);
}
process.exit(vitestCode !== 0 || report.numFailedTests > 0 || report.numTotalTests === 0 ? 1 : 0);
