export interface EventuallyOptions {
  /**
   * How long to keep trying, in ms (default 10,000: it only matters when the check never passes, and a
   * loaded two-core CI machine running other suites beside it needed more than the 2,000 it once was).
   */
  readonly timeout?: number;
  /** How long to wait between tries, in ms (default 20). */
  readonly interval?: number;
}

/**
 * Runs `check` until it stops throwing (an `expect` that passes) and answers what it returned; once
 * `timeout` has passed, throws the last failure.
 */
export async function eventually<T>(check: () => T | Promise<T>, { timeout = 10_000, interval = 20 }: EventuallyOptions = {}): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
  }
}
