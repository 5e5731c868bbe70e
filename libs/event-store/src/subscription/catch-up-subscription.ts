import { RecordedEvent, Subscription, SubscriptionHandler } from '../event-store';
import { ChangeSignal } from './change-signal';

export const DEFAULT_MAX_BATCH_SIZE = 500;

/** What a catch-up subscription needs from a store. */
export interface CatchUpSource {
  /** Events after `position` (exclusive), in global order, at most `maxCount`. */
  readAfter(position: number, maxCount: number): Promise<readonly RecordedEvent[]>;
  /** Fires when events may have been appended (in this process, or seen by a watcher of other writers). */
  readonly changes: ChangeSignal;
}

export interface CatchUpOptions {
  readonly fromPosition: number;
  readonly maxBatchSize: number;
  /** How long to idle without a change signal before reading again; covers writers the signal cannot see. */
  readonly pollIntervalMs: number;
}

/**
 * One loop for catch-up and live delivery: read a batch after the last delivered position, hand it to the
 * handler and wait for it (backpressure), and when nothing is left idle until a change signal or the poll
 * interval. Reading and handling errors end the loop and reject `done`.
 */
export class CatchUpSubscription implements Subscription {
  readonly done: Promise<void>;
  private stopped = false;
  private changedSinceRead = false;
  private wakeIdle: (() => void) | undefined;

  constructor(
    private readonly source: CatchUpSource,
    private readonly options: CatchUpOptions,
    private readonly handler: SubscriptionHandler,
  ) {
    const unlisten = source.changes.listen(() => this.onChange());
    this.done = this.run().finally(unlisten);
    // Failures are reported through `done`; one nobody awaits must not take the process down as an unhandled rejection.
    this.done.catch(() => undefined);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeIdle?.();
    await this.done.catch(() => undefined);
  }

  private async run(): Promise<void> {
    let position = this.options.fromPosition;
    while (!this.stopped) {
      this.changedSinceRead = false;
      const batch = await this.source.readAfter(position, this.options.maxBatchSize);
      if (this.stopped) return;
      if (batch.length === 0) {
        await this.idle();
        continue;
      }
      await this.handler(batch);
      position = batch[batch.length - 1].position;
    }
  }

  private onChange(): void {
    this.changedSinceRead = true;
    this.wakeIdle?.();
  }

  private idle(): Promise<void> {
    // A change that landed while the last read was in flight may not be in its result: read again at once.
    if (this.changedSinceRead) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakeIdle = undefined;
        resolve();
      };
      const timer = setTimeout(wake, this.options.pollIntervalMs);
      this.wakeIdle = wake;
    });
  }
}
