// Read and written through the test realm's global; tools/jest/test-status.cjs keeps them.
const SKIPPED = Symbol.for('beacon.test.skipped');
const FAILED = Symbol.for('beacon.test.failed');
const status = globalThis as Record<symbol, unknown>;

/**
 * Marks the running test as skipped, for a test that finds only once it runs that it cannot run
 * here (the server under test lacks what it checks). Prints `skipped: <reason>`; the caller returns
 * straight after. Jest has no runtime skip of its own: the test environment reports a test so
 * marked, and done without errors, as skipped.
 */
export function skipAtRuntime(reason: string): void {
  console.log(`skipped: ${reason}`);
  status[SKIPPED] = reason;
}

/** Whether the running test has failed so far: in an afterEach, whether the test it follows failed. */
export function currentTestFailed(): boolean {
  return status[FAILED] === true;
}
