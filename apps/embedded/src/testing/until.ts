import { sleep } from './embedded-test-app';

export interface UntilOptions {
  /** How long to keep asking before failing (20 s by default: a send through the simulator takes a few). */
  readonly timeoutMs?: number;
  /** How long to wait between two asks. */
  readonly intervalMs?: number;
}

/**
 * Asks `probe` again and again until it answers something other than undefined (a text sent, a session
 * complete), and returns that; fails naming `what` after `timeoutMs`. Unlike eventually, a probe that
 * is not there yet says so by answering undefined rather than by throwing, so an error it throws fails
 * the test at once.
 */
export async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, { timeoutMs = 20_000, intervalMs = 50 }: UntilOptions = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(intervalMs);
  }
}
