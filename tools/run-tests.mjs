#!/usr/bin/env node
// Runs every project's tests (one vitest run over all projects) and ends with the summary line
// `N passed, N failed, N skipped`. Arguments are passed on to vitest (e.g. --project bus).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const resultsDir = join(root, 'test-results');
const report = join(resultsDir, 'vitest.json');
mkdirSync(resultsDir, { recursive: true });
rmSync(report, { force: true });

const vitest = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);

let summary;
try {
  summary = JSON.parse(readFileSync(report, 'utf8'));
} catch {
  console.log('0 passed, 1 failed');
  console.error('The test run produced no report (vitest exited with code ' + vitest.status + ').');
  process.exit(1);
}
const passed = summary.numPassedTests;
// A file that failed to load has no test results of its own but is a failure all the same.
const brokenFiles = summary.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
let failed = summary.numFailedTests + brokenFiles;
if (failed === 0 && vitest.status !== 0) failed = 1;
const skipped = summary.numPendingTests + summary.numTodoTests;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
