/**
 * How long a provider under test waits for its local server before it gives up. The whole send (the
 * connection, the greeting, the exchange, the server parsing the message in the same process) has to
 * fit in it on a loaded two-core CI machine running other suites beside it: one second did not (an
 * SMTP send's first, cold exchange took longer and came back "unknown"). Tests of a silent server wait
 * this long, so it is no longer than it needs to be.
 */
export const PROVIDER_TEST_TIMEOUT_MS = 3_000;
