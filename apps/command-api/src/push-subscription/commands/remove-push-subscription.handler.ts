import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { pushSubscriptionsDecider, pushSubscriptionsStream } from '@beacon/domain';
import { CommandExecutor } from '@beacon/platform';
import { RemovePushSubscriptionCommand } from './remove-push-subscription.command';

/** DELETE /api/push_subscription/?endpoint= (any signed-in user): no more push messages to that browser of the caller's. */
@CommandHandler(RemovePushSubscriptionCommand)
export class RemovePushSubscriptionHandler implements ICommandHandler<RemovePushSubscriptionCommand, number> {
  constructor(@Inject(CommandExecutor) private readonly executor: CommandExecutor) {}

  async execute({ principal, endpoint, now, commandId }: RemovePushSubscriptionCommand): Promise<number> {
    const outcome = await this.executor.execute(
      pushSubscriptionsStream(principal.userId),
      pushSubscriptionsDecider,
      { type: 'RemovePushSubscription', data: { userId: principal.userId, endpoint, reason: 'unsubscribed', now: now.toISOString() } },
      { commandId, tenantId: principal.rootId, customerGroupId: principal.customerGroupId, actorUserId: principal.userId, acceptedAt: now },
    );
    return outcome.position;
  }
}
