// Prints the test totals as one plain line ("Tests: N passed, N failed, N skipped") from vitest's
// JSON report, so any CI reader can tell how many tests ran.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(new URL('../.tmp/vitest-report.json', import.meta.url), 'utf8'));
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`Tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
process.exit(report.numFailedTests > 0 || report.numTotalTests === 0 ? 1 : 0);
