import type { Subscription, SubscriptionHandler, SubscribeToAllOptions } from '../event-store';
import { CatchUpSubscription, DEFAULT_MAX_BATCH_SIZE, type CatchUpSource } from './catch-up-subscription';

/** The live subscriptions of one store: opened over its catch-up source, all stopped when the store closes. */
export class SubscriptionRegistry {
  private readonly subscriptions = new Set<Subscription>();

  constructor(
    private readonly source: CatchUpSource,
    private readonly pollIntervalMs: number,
  ) {}

  open(options: SubscribeToAllOptions, handler: SubscriptionHandler): Subscription {
    const subscription = new CatchUpSubscription(
      this.source,
      {
        fromPosition: options.fromPosition ?? 0,
        maxBatchSize: options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE,
        pollIntervalMs: this.pollIntervalMs,
      },
      handler,
    );
    this.subscriptions.add(subscription);
    const forget = () => this.subscriptions.delete(subscription);
    subscription.done.then(forget, forget);
    return subscription;
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
  }
}
