#!/usr/bin/env node
// Runs every project's tests (one Jest run over all projects) and ends with the summary line
// `N passed, N failed, N skipped`. Arguments are passed on to Jest (e.g. --selectProjects bus).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const resultsDir = join(root, 'test-results');
const report = join(resultsDir, 'jest.json');
mkdirSync(resultsDir, { recursive: true });
rmSync(report, { force: true });

// Both cores: Jest would otherwise keep one for itself. --forceExit: a suite that leaves a handle
// open must not hold the run (it still fails if its own hooks time out).
const jest = spawnSync('npx', ['jest', '--json', `--outputFile=${report}`, '--maxWorkers=2', '--forceExit', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});

let summary;
try {
  summary = JSON.parse(readFileSync(report, 'utf8'));
} catch {
  console.log('0 passed, 1 failed');
  console.error('The test run produced no report (jest exited with code ' + jest.status + ').');
  process.exit(1);
}
const passed = summary.numPassedTests;
// A file that failed to load has no test results of its own but is a failure all the same.
const brokenFiles = summary.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
let failed = summary.numFailedTests + brokenFiles;
if (failed === 0 && jest.status !== 0) failed = 1;
const skipped = summary.numPendingTests + summary.numTodoTests;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
