/** Lets an idle loop sleep until there is something to do (or a timeout), instead of spinning. */
export class Wakeup {
  private waiters = new Set<() => void>();

  wait(timeoutMs?: number): Promise<void> {
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const wake = (): void => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      if (timeoutMs !== undefined) timer = setTimeout(wake, Math.max(0, timeoutMs));
      this.waiters.add(wake);
    });
  }

  notify(): void {
    for (const wake of [...this.waiters]) wake();
  }
}
