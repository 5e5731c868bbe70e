'use strict';
// Each project's time limit per test and hook (jest.config.mjs sets it as a global).
jest.setTimeout(globalThis.BEACON_TEST_TIMEOUT ?? 20_000);
