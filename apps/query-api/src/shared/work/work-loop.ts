import type { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';

/**
 * A background loop over a work list in the read store (timers are events plus a poller over a read
 * model, so nothing is lost in a restart): one round at a time, the next `intervalMs` after the last
 * ends, or at once when a round says it has more to do. A round that fails is logged and the loop goes
 * on; the app's shutdown stops it and waits for the round under way.
 */
export abstract class WorkLoop implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  protected constructor(
    protected readonly logger: Logger,
    private readonly intervalMs: number,
    /** What the log says is carried on after a failed round ("Sessions", "Quick reports"). */
    private readonly work: string,
  ) {}

  /** One round over the work list (public so tests can drive it); true when there is more to do at once. */
  abstract round(): Promise<boolean | void>;

  onApplicationBootstrap(): void {
    this.schedule(this.intervalMs);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      let more = false;
      this.running = this.round()
        .then((again) => {
          more = again === true;
        })
        .catch((error: unknown) => this.logger.error(`${this.work} will be carried on in the next round: ${error instanceof Error ? error.stack : String(error)}`))
        .finally(() => {
          this.running = null;
          this.schedule(more ? 0 : this.intervalMs);
        });
    }, delayMs);
    this.timer.unref();
  }
}
