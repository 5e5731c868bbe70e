'use strict';
// What Jest does not tell a test file about its own tests, kept on the test realm's global by the
// test environments (node-environment.cjs, jsdom-environment.cjs):
// - a test that finds at run time that it cannot run here (a server lacks what it checks) calls
//   `skipAtRuntime(reason)` from @beacon/testing and returns; done without errors, it is reported
//   as skipped (Jest has no runtime skip);
// - whether the running test has failed so far, for an afterEach that shows more on failure
//   (`currentTestFailed()` from @beacon/testing).
const SKIPPED = Symbol.for('beacon.test.skipped');
const FAILED = Symbol.for('beacon.test.failed');

function withTestStatus(Environment) {
  return class extends Environment {
    async handleTestEvent(event, state) {
      if (super.handleTestEvent) await super.handleTestEvent(event, state);
      if (event.name === 'test_start') {
        delete this.global[SKIPPED];
        delete this.global[FAILED];
      }
      if (event.name === 'test_fn_failure') this.global[FAILED] = true;
      if (event.name === 'test_done') {
        if (this.global[SKIPPED] !== undefined && event.test.errors.length === 0) event.test.status = 'skip';
        delete this.global[SKIPPED];
      }
    }
  };
}

module.exports = { withTestStatus };
