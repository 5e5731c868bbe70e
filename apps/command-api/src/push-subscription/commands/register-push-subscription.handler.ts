import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { pushSubscriptionsDecider, pushSubscriptionsStream, validationError } from '@beacon/domain';
import { CommandExecutor, PLATFORM_CONFIG, type PlatformConfig } from '@beacon/platform';
import { isLocalPushHost } from '../local-push-host';
import { RegisterPushSubscriptionCommand } from './register-push-subscription.command';

/**
 * POST /api/push_subscription/ (any signed-in user): keeps the caller's browser for push messages, on
 * the caller's own stream (push-subscription.ts has the rules). A push service on a local or private
 * address is refused (400, endpoint) unless its host is one of WEBHOOK_ALLOW_INSECURE_HOSTS (tests).
 */
@CommandHandler(RegisterPushSubscriptionCommand)
export class RegisterPushSubscriptionHandler implements ICommandHandler<RegisterPushSubscriptionCommand, { id: string; position: number }> {
  constructor(
    @Inject(CommandExecutor) private readonly executor: CommandExecutor,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  async execute({ principal, endpoint, keys, now, commandId }: RegisterPushSubscriptionCommand): Promise<{ id: string; position: number }> {
    const host = new URL(endpoint).hostname;
    if (isLocalPushHost(host) && !this.config.channelProviders.webhookInsecureHosts.includes(host.toLowerCase())) {
      throw validationError('The push service is on a local or private address.', { endpoint: ['Must be a push service on the internet.'] });
    }
    const outcome = await this.executor.execute(
      pushSubscriptionsStream(principal.userId),
      pushSubscriptionsDecider,
      { type: 'RegisterPushSubscription', data: { userId: principal.userId, subscriptionId: randomUUID(), endpoint, keys, now: now.toISOString() } },
      { commandId, tenantId: principal.rootId, customerGroupId: principal.customerGroupId, actorUserId: principal.userId, acceptedAt: now },
    );
    const id = outcome.state.subscriptions.find((subscription) => subscription.endpoint === endpoint)!.subscriptionId;
    return { id, position: outcome.position };
  }
}
