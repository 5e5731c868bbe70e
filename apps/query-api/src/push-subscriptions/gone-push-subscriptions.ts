import { Inject, Injectable, Logger } from '@nestjs/common';
import { pushSubscriptionsDecider, pushSubscriptionsStream } from '@beacon/domain';
import { CommandExecutor, READ_STORE } from '@beacon/platform';
import { SYSTEM_TENANT, type ReadStore } from '@beacon/read-store';
import { GONE_PUSH_SUBSCRIPTIONS, type GonePushSubscriptionDocument } from '../shared/read-models/push-subscriptions.read-model';
import { WorkLoop } from '../shared/work/work-loop';

/** How often the work list is looked at. */
const ROUND_MS = 500;
/** Subscriptions removed per round. */
const PER_ROUND = 100;

/**
 * Records the removal of the browsers whose push service answered gone (the work list the
 * push-subscriptions projection keeps from the dispatch outcomes): PushSubscriptionRemoved with reason
 * gone on the user's stream, which takes it off the list. One the user removed meanwhile records
 * nothing and is taken off the list here.
 */
@Injectable()
export class GonePushSubscriptions extends WorkLoop {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
  ) {
    super(new Logger('GonePushSubscriptions'), ROUND_MS, 'Gone push subscriptions');
  }

  /** One round over the work list (exposed so tests can drive it). */
  async round(now = new Date()): Promise<boolean> {
    const work = this.readStore.scope(SYSTEM_TENANT).collection<GonePushSubscriptionDocument>(GONE_PUSH_SUBSCRIPTIONS);
    for (const entry of await work.find({}, { sort: { gone_at: 1 }, limit: PER_ROUND })) {
      try {
        const outcome = await this.executor.execute(
          pushSubscriptionsStream(entry.user_id),
          pushSubscriptionsDecider,
          { type: 'RemovePushSubscription', data: { userId: entry.user_id, subscriptionId: entry._id, reason: 'gone', now: now.toISOString() } },
          { tenantId: entry.tenant_id, actorUserId: null, correlationId: entry._id, acceptedAt: now },
        );
        if (!outcome.events.length) await work.deleteOne({ _id: entry._id });
      } catch (error) {
        this.logger.error(`Gone push subscription ${entry._id} will be removed in the next round: ${error instanceof Error ? error.stack : String(error)}`);
      }
    }
    return false;
  }
}
