import { Module } from '@nestjs/common';
import { RegisterPushSubscriptionHandler } from './commands/register-push-subscription.handler';
import { RemovePushSubscriptionHandler } from './commands/remove-push-subscription.handler';
import { PushSubscriptionController } from './push-subscription.controller';

/** Browser push subscriptions: the signed-in user registers and removes their own browsers. */
@Module({
  controllers: [PushSubscriptionController],
  providers: [RegisterPushSubscriptionHandler, RemovePushSubscriptionHandler],
})
export class PushSubscriptionModule {}
